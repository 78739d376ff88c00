import type { RecoveryWithheldReason } from '../cart';
import type { Decider } from '../platform/event-store/decider';
import type { DomainEvent } from '../platform/event-store/recorded-event';

/**
 * One address's side of recovery, whichever carts name it: anyone can type any address into a cart,
 * so the limits that protect the person behind it live here, not on the carts.
 */

/** The address asked for no more recovery emails (the newsletter is a separate consent). */
export type RecoveryEmailsOptedOut = DomainEvent<'RecoveryEmailsOptedOut', { email: string }>;
/** A cart's recovery email to this address may go: recorded before the send, so two carts racing cannot both send. */
export type RecoveryEmailReserved = DomainEvent<'RecoveryEmailReserved', { cartId: string; requestId: string; at: string }>;
export type RecoveryAddressEvent = RecoveryEmailsOptedOut | RecoveryEmailReserved;

export interface RecoveryAddressState {
  optedOut: boolean;
  /** The cart whose sequence writes to this address, since its first email (ms). */
  sequence?: { cartId: string; since: number };
  /** The last email reserved, and when (ms). */
  last?: { cartId: string; requestId: string; at: number };
}

export type RecoveryAddressCommand =
  | { kind: 'OptOut'; email: string }
  /**
   * A cart's requested email is about to go. `gapMs`: the least time between two emails to the
   * address (RECOVERY_EMAIL_GAP); `sequenceMs`: how long a cart's sequence holds the address (its
   * last step's offset), so another cart's cannot start meanwhile.
   */
  | { kind: 'ReserveEmail'; cartId: string; requestId: string; now: number; gapMs: number; sequenceMs: number };

type Reserve = Extract<RecoveryAddressCommand, { kind: 'ReserveEmail' }>;

/**
 * Why the email may not go, or undefined when it may (also when this very request reserved it
 * already: a send retried after a crash goes on). The address opted out; another cart's sequence
 * holds it; or it had a recovery email less than the gap ago.
 */
export function reservationRefusal(state: RecoveryAddressState, command: Reserve): RecoveryWithheldReason | undefined {
  if (state.last?.cartId === command.cartId && state.last.requestId === command.requestId) return undefined;
  if (state.optedOut) return 'opted-out';
  if (state.sequence && state.sequence.cartId !== command.cartId && command.now < state.sequence.since + command.sequenceMs) return 'another-cart';
  if (state.last && command.now < state.last.at + command.gapMs) return 'too-soon';
  return undefined;
}

export const recoveryAddressDecider: Decider<RecoveryAddressState, RecoveryAddressCommand, RecoveryAddressEvent> = {
  initialState: { optedOut: false },

  evolve(state, event) {
    if (event.type === 'RecoveryEmailsOptedOut') return { ...state, optedOut: true };
    const { cartId, requestId } = event.data;
    const at = Date.parse(event.data.at);
    // A cart's first email takes the address for its sequence; its later ones keep the same start.
    const sequence = state.sequence?.cartId === cartId ? state.sequence : { cartId, since: at };
    return { ...state, sequence, last: { cartId, requestId, at } };
  },

  decide(command, state) {
    if (command.kind === 'OptOut') return state.optedOut ? [] : [{ type: 'RecoveryEmailsOptedOut', data: { email: command.email } }];
    const { cartId, requestId, now } = command;
    const again = state.last?.cartId === cartId && state.last.requestId === requestId;
    if (again || reservationRefusal(state, command)) return [];
    return [{ type: 'RecoveryEmailReserved', data: { cartId, requestId, at: new Date(now).toISOString() } }];
  },
};
