import type { ChargeOutcome, PaymentSearch } from './card-payments';

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
