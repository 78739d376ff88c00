import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import { CommandRunner } from '../platform/event-store/command-runner';
import { Decider, fold } from '../platform/event-store/decider';
import { EventStore } from '../platform/event-store/event-store';
import type { DomainEvent } from '../platform/event-store/recorded-event';

/** The address asked for no more recovery emails (the newsletter is a separate consent). */
export type RecoveryEmailsOptedOut = DomainEvent<'RecoveryEmailsOptedOut', { email: string }>;
export type OptOutState = { optedOut: boolean };

export const recoveryOptOutDecider: Decider<OptOutState, { kind: 'OptOut'; email: string }, RecoveryEmailsOptedOut> = {
  initialState: { optedOut: false },
  evolve: () => ({ optedOut: true }),
  decide: (command, state) => (state.optedOut ? [] : [{ type: 'RecoveryEmailsOptedOut', data: { email: command.email } }]),
};

/** One stream per address (by its hash, so the id says nothing), whichever cart it came from. */
const streamOf = (email: string) => ({
  id: `recovery-opt-out-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`,
  type: 'RecoveryOptOut',
});

@Injectable()
export class RecoveryOptOuts {
  constructor(
    private readonly store: EventStore,
    private readonly runner: CommandRunner,
  ) {}

  async optedOut(email: string): Promise<boolean> {
    const { events } = await this.store.readStream<RecoveryEmailsOptedOut>(streamOf(email).id);
    return fold(recoveryOptOutDecider, events).optedOut;
  }

  async optOut(email: string, caller: RequestContext): Promise<void> {
    await this.runner.run(recoveryOptOutDecider, streamOf(email), { kind: 'OptOut', email: email.trim().toLowerCase() }, caller);
  }
}
