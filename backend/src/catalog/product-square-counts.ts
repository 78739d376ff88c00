import type { ProductEvent } from './product.events';
import { MAX_STOCK } from './product-variants';
import { inStockWith, sum, type VariantState } from './product.state';

/**
 * What the shop has on hand given Square's count: the count, minus what the shop sold that Square
 * has not been told of yet (plus what it restocked). Units reserved by checkouts in flight are in
 * Square's count and in the shop's on-hand alike (reservations are subtracted only when deciding what
 * shoppers may buy), so a count needs no correction for them. Never below 0: a count below zero is
 * kept as `squareCount`, which the dashboard shows as oversold at the stall.
 */
export function onHandFromSquare(count: number, unpushed: Readonly<Record<string, number>>): number {
  return Math.min(MAX_STOCK, Math.max(0, Math.floor(count) + sum(unpushed)));
}

/** True when `at` is strictly newer than the count already applied (or none was). */
export function newerCount(variant: { squareCountAt?: string }, at: string): boolean {
  if (!variant.squareCountAt) return true;
  return compareTimes(at, variant.squareCountAt) > 0;
}

/**
 * Orders two RFC 3339 times: by the instant, then by the fraction of a second beyond milliseconds
 * (Square writes up to nanoseconds, `Date.parse` keeps milliseconds).
 */
export function compareTimes(a: string, b: string): number {
  const byMs = Date.parse(a) - Date.parse(b);
  if (byMs !== 0 || Number.isNaN(byMs)) return byMs || 0;
  const fraction = (t: string) => (/T[\d:]+\.(\d+)/.exec(t)?.[1] ?? '').padEnd(9, '0').slice(3, 9);
  return fraction(a) < fraction(b) ? -1 : fraction(a) > fraction(b) ? 1 : 0;
}

/**
 * The StockSet a count from Square leads to, on a variant whose stock follows it; none when a count
 * as new or newer was applied already (out-of-order deliveries, repeats, the echo of our own pushes).
 * Recorded even when the units did not change, so that the count's time is kept for ordering.
 */
export function stockFromSquare(variant: VariantState, count: number, at: string): ProductEvent[] {
  if (!newerCount(variant, at)) return [];
  const stockQuantity = onHandFromSquare(count, variant.unpushed);
  return [{ type: 'StockSet', data: { variantId: variant.variantId, inStock: inStockWith(variant, stockQuantity), stockQuantity, squareCount: count, squareCountAt: at } }];
}
