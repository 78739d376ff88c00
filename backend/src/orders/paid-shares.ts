/** A line as money sees it: its unit price and how many units. */
export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
}

/**
 * What the shopper paid for each line: its value less its share of the discount. The discount is
 * split in proportion to the lines' values in whole cents: each share is rounded down, and the cents
 * left over go one each to the lines whose shares lost the most to rounding (the earlier line on a
 * tie), so the shares add up to the discount exactly.
 */
export function paidPerLine(lines: readonly PricedLine[], discountCents: number): number[] {
  const values = lines.map((l) => l.unitPriceCents * l.quantity);
  const subtotal = values.reduce((sum, v) => sum + v, 0);
  if (subtotal === 0) return values;
  const exact = values.map((v) => v * discountCents);
  const shares = exact.map((e) => Math.floor(e / subtotal));
  const leftOver = discountCents - shares.reduce((sum, s) => sum + s, 0);
  // The sort is stable: on a tie the earlier line stays first.
  const byRoundingLost = values.map((_, i) => i).sort((a, b) => (exact[b]! % subtotal) - (exact[a]! % subtotal));
  for (const i of byRoundingLost.slice(0, leftOver)) shares[i]!++;
  return values.map((v, i) => v - shares[i]!);
}

/**
 * What `units` more of a line paid `linePaidCents` for `quantity` units gave back, once `before` of
 * its units were refunded: the paid amount spread over the units in whole cents, the odd cents going
 * to the last units refunded, so refunding every unit, at once or one by one, gives back exactly
 * what the line cost.
 */
export function paidForUnits(linePaidCents: number, quantity: number, before: number, units: number): number {
  const paidUpTo = (n: number) => Math.floor((linePaidCents * n) / quantity);
  return paidUpTo(before + units) - paidUpTo(before);
}
