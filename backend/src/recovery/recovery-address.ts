import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { RecoveryWithheldReason } from '../cart';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import type { RequestContext } from '../platform/context/request-context';
import { CommandRunner } from '../platform/event-store/command-runner';
import { fold } from '../platform/event-store/decider';
import { EventStore } from '../platform/event-store/event-store';
import { RecoveryAddressEvent, recoveryAddressDecider, RecoveryAddressState, reservationRefusal } from './recovery-address.decider';

/**
 * One stream per address (by its hash, so the id says nothing), whichever cart it came from. It is
 * named for the opt-out it first held, so the opt-outs recorded before it held more still count.
 */
const streamOf = (email: string) => ({
  id: `recovery-opt-out-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`,
  type: 'RecoveryOptOut',
});

/** An address's opt-out and its limits across carts: one sequence at a time, one email per RECOVERY_EMAIL_GAP. */
@Injectable()
export class RecoveryAddresses {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: EventStore,
    private readonly runner: CommandRunner,
  ) {}

  async optedOut(email: string): Promise<boolean> {
    return (await this.load(email)).optedOut;
  }

  async optOut(email: string, caller: RequestContext): Promise<void> {
    await this.runner.run(recoveryAddressDecider, streamOf(email), { kind: 'OptOut', email: email.trim().toLowerCase() }, caller);
  }

  /**
   * Takes the address for this cart's email, or says why it may not go. Of two carts racing for
   * one address, the stream's version lets one append; the other decides again and is refused.
   */
  async reserve(email: string, cartId: string, requestId: string, caller: RequestContext): Promise<RecoveryWithheldReason | undefined> {
    const command = {
      kind: 'ReserveEmail' as const,
      cartId,
      requestId,
      now: Date.now(),
      gapMs: this.config.RECOVERY_EMAIL_GAP,
      sequenceMs: this.config.RECOVERY_SEQUENCE.at(-1) ?? 0,
    };
    const { state } = await this.runner.run(recoveryAddressDecider, streamOf(email), command, caller);
    return reservationRefusal(state, command);
  }

  private async load(email: string): Promise<RecoveryAddressState> {
    const { events } = await this.store.readStream<RecoveryAddressEvent>(streamOf(email).id);
    return fold(recoveryAddressDecider, events);
  }
}
