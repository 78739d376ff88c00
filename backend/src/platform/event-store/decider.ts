import type { DomainEvent } from './recorded-event';

/**
 * Pure domain rules: `evolve` folds past events into state; `decide` turns a command and that
 * state into new events, or throws a DomainError to refuse it.
 */
export interface Decider<S, C, E extends DomainEvent> {
  initialState: S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S): E[];
}

export function fold<S, E extends DomainEvent>(decider: Pick<Decider<S, unknown, E>, 'initialState' | 'evolve'>, events: readonly E[]): S {
  return events.reduce(decider.evolve, decider.initialState);
}
