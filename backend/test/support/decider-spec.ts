import { DomainError, ErrorCode } from '../../src/platform/errors/domain-error';
import { Decider, fold } from '../../src/platform/event-store/decider';
import type { DomainEvent } from '../../src/platform/event-store/recorded-event';

/**
 * The given / when / then form of every decider spec (as Emmett's DeciderSpecification):
 * `spec(decider).given(...past).when(command).then(newEvents)` or `.thenThrows(code, message?, details?)`.
 * Pure: no database, no clock.
 */
export function deciderSpec<S, C, E extends DomainEvent>(decider: Decider<S, C, E>) {
  return {
    given: (...past: E[]) => ({
      when: (command: C) => {
        const decide = () => decider.decide(command, fold(decider, past));
        return {
          then: (expected: E[]) => expect(decide()).toEqual(expected),
          thenNothing: () => expect(decide()).toEqual([]),
          thenThrows: (code: ErrorCode, message?: string | RegExp, details?: Record<string, unknown>) => {
            let thrown: unknown;
            try {
              decide();
            } catch (error) {
              thrown = error;
            }
            expect(thrown).toBeInstanceOf(DomainError);
            expect((thrown as DomainError).code).toBe(code);
            if (message !== undefined) expect((thrown as DomainError).message).toMatch(message);
            if (details !== undefined) expect((thrown as DomainError).details).toEqual(details);
          },
        };
      },
    }),
  };
}
