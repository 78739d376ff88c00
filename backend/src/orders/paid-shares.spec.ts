import { paidForUnits, paidPerLine } from './paid-shares';

/** Lines of one unit each, at these prices. */
const onePerLine = (...unitPricesCents: number[]) => unitPricesCents.map((unitPriceCents) => ({ unitPriceCents, quantity: 1 }));

describe('what the shopper paid for each line (its share of the discount taken off)', () => {
  it('takes a 10% discount off each line in proportion to its value', () => {
    // DARKCIRCLE10 on two skull patches at 9.00 and a tee at 32.00: 5.00 off in all.
    expect(
      paidPerLine(
        [
          { unitPriceCents: 900, quantity: 2 },
          { unitPriceCents: 3200, quantity: 1 },
        ],
        500,
      ),
    ).toEqual([1620, 2880]);
    expect(paidPerLine([{ unitPriceCents: 900, quantity: 1 }], 90)).toEqual([810]);
  });

  it('gives the cents left over by rounding to the lines that lost most to it, the earlier one on a tie, so the shares add up exactly', () => {
    // 100 cents over three equal lines: 33.33 each, the left-over cent to the first.
    expect(paidPerLine(onePerLine(1000, 1000, 1000), 100)).toEqual([966, 967, 967]);
    // 10 cents over 1.00, 2.00 and 4.00: exact shares 1.43, 2.86, 5.71; rounded down 1, 2, 5 (8); the two left over go to 0.86 and 0.71.
    expect(paidPerLine(onePerLine(100, 200, 400), 10)).toEqual([99, 197, 394]);
    // Two equal lines, one cent over: the earlier line takes it.
    expect(paidPerLine(onePerLine(1000, 1000), 1)).toEqual([999, 1000]);
    expect(paidPerLine(onePerLine(500, 1000, 500), 3)).toEqual([499, 999, 499]);
    // The largest remainder wins even when it comes last.
    expect(paidPerLine(onePerLine(400, 200, 100), 10)).toEqual([394, 197, 99]);
    const lines = [
      { unitPriceCents: 1234, quantity: 3 },
      { unitPriceCents: 999, quantity: 7 },
      { unitPriceCents: 1, quantity: 1 },
      { unitPriceCents: 4550, quantity: 2 },
    ];
    const subtotal = 1234 * 3 + 999 * 7 + 1 + 4550 * 2;
    for (const discount of [0, 1, 7, 1999, subtotal]) {
      const paid = paidPerLine(lines, discount);
      expect(paid.reduce((a, b) => a + b, 0)).toBe(subtotal - discount);
      paid.forEach((p) => expect(Number.isInteger(p) && p >= 0).toBe(true));
    }
  });

  it('leaves lines worth nothing as they are', () => {
    expect(paidPerLine([], 0)).toEqual([]);
    expect(paidPerLine([{ unitPriceCents: 0, quantity: 2 }], 0)).toEqual([0]);
  });

  it('spreads a line over its units, the odd cents on the last units refunded', () => {
    // Two patches that cost 16.19 together: the first back is 8.09, the second 8.10.
    expect(paidForUnits(1619, 2, 0, 1)).toBe(809);
    expect(paidForUnits(1619, 2, 1, 1)).toBe(810);
    expect(paidForUnits(1619, 2, 0, 2)).toBe(1619);
    expect(paidForUnits(1000, 3, 0, 1) + paidForUnits(1000, 3, 1, 1) + paidForUnits(1000, 3, 2, 1)).toBe(1000);
    expect([paidForUnits(1000, 3, 0, 1), paidForUnits(1000, 3, 1, 1), paidForUnits(1000, 3, 2, 1)]).toEqual([333, 333, 334]);
  });
});
