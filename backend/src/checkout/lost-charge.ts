import type { ChargeOutcome, PaymentSearch } from './card-payments';
import { notAcceptedMessage } from './decline-messages';

/** What the shopper is told of an order closed because its charge never happened. */
export const NOT_CHARGED = { code: 'NOT_CHARGED', message: 'The payment did not go through and your card was not charged. Please try again.' } as const;

/**
 * How the reconciler settles a charge whose answer was lost, from a search of Square's payments:
 * as the payment found; as not charged only when a complete search found none and the charge can
 * no longer land (twice the longest a charge can take has passed since it was asked for; an order
 * that never recorded when is old enough). Otherwise it stays unknown: the order stays `charging`
 * and its cart held, and the next run asks again.
 */
export function lostChargeOutcome(search: PaymentSearch, requestedAt: string | undefined, nowMs: number, longestChargeMs: number): ChargeOutcome {
  if (search.kind === 'found') return search.outcome;
  if (search.kind === 'unavailable') return { kind: 'unknown', message: `Square could not list its payments (${search.message})` };
  const askedAt = Date.parse(requestedAt ?? '') || 0;
  if (nowMs - askedAt < 2 * longestChargeMs) return { kind: 'unknown', message: 'the charge may still be in flight' };
  return { kind: 'declined', ...NOT_CHARGED };
}

/** The failure code of an order whose charge Square refused outright: the shopper is answered 402 and may pay again. */
export const CARD_NOT_ACCEPTED = 'CARD_NOT_ACCEPTED';

/** Square's outright refusal (a 4xx but 409 and 429, not a card decline) of one send of a charge. */
export interface ChargeRefusal {
  /** Square's error code (`NOT_FOUND` for an unknown card token). */
  code: string;
  /** The send was the first ever of its idempotency key: no earlier send can have charged under it. */
  firstSendOfKey: boolean;
}

/**
 * How a charge that got no verdict on the card ends, from a search of Square's payments for its key:
 * as the payment found; not charged when Square refused the key's very first send outright and a
 * complete search finds no payment under it (nothing else can have moved money: the stock can go
 * back at once). Anything else (a refusal of a key sent before, a search that could not read every
 * page, a reused key) is unknown: the order stays `charging` for the reconciliation.
 */
export function refusedChargeOutcome(refusal: ChargeRefusal | undefined, search: PaymentSearch, problem: string): ChargeOutcome {
  if (search.kind === 'found') return search.outcome;
  if (!refusal?.firstSendOfKey || search.kind !== 'none' || refusal.code === 'IDEMPOTENCY_KEY_REUSED') return { kind: 'unknown', message: problem };
  return { kind: 'declined', code: CARD_NOT_ACCEPTED, message: notAcceptedMessage(refusal.code) };
}
