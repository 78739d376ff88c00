import { checkoutIdentity } from './order-identity';
import { paidForUnits, paidPerLine, priceOrder } from './order-pricing';

describe('order pricing', () => {
  const lines = [
    { unitPriceCents: 900, quantity: 2 },
    { unitPriceCents: 3200, quantity: 1 },
  ];

  it('charges nothing for pickup', () => {
    expect(priceOrder(lines, 'pickup')).toEqual({ subtotalCents: 5000, shippingCents: 0, discountCents: 0, totalCents: 5000 });
  });

  it('charges nothing for pickup below 50.00 either', () => {
    expect(priceOrder([{ unitPriceCents: 4999, quantity: 1 }], 'pickup')).toEqual({ subtotalCents: 4999, shippingCents: 0, discountCents: 0, totalCents: 4999 });
  });

  it('ships for 5.00 below 50.00 and free from exactly 50.00', () => {
    expect(priceOrder([{ unitPriceCents: 4999, quantity: 1 }], 'shipping')).toEqual({ subtotalCents: 4999, shippingCents: 500, discountCents: 0, totalCents: 5499 });
    expect(priceOrder(lines, 'shipping').totalCents).toBe(5000);
  });

  it('takes a discount off the total', () => {
    expect(priceOrder(lines, 'pickup', 500).totalCents).toBe(4500);
  });
});

describe('checkout identity', () => {
  const cart = '6f1c2f7e-3c3a-4b8e-9d2a-0d8c1f6b2a11';

  it('is the same for the same cart version and attempt, and differs for another version or attempt', () => {
    expect(checkoutIdentity(cart, 4)).toEqual(checkoutIdentity(cart, 4, 0));
    expect(checkoutIdentity(cart, 5).orderId).not.toBe(checkoutIdentity(cart, 4).orderId);
    expect(checkoutIdentity(cart, 4, 1).orderId).not.toBe(checkoutIdentity(cart, 4, 0).orderId);
    expect(checkoutIdentity(cart, 4, 1).idempotencyKey).not.toBe(checkoutIdentity(cart, 4, 0).idempotencyKey);
  });

  it('gives a UUID order id and a key that fits both Square fields it goes in (idempotency key 45, reference id 40)', () => {
    const { orderId, idempotencyKey } = checkoutIdentity(cart, 123456789, 12);
    expect(orderId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(idempotencyKey).toMatch(/^dc-[0-9a-f]{32}$/);
    expect(idempotencyKey.length).toBeLessThanOrEqual(40);
  });
});

describe("what the shopper paid for each line (its share of the discount taken off)", () => {
  it('takes a 10% discount off each line in proportion to its value', () => {
    // DARKCIRCLE10 on two skull patches at 9.00 and a tee at 32.00: 5.00 off in all.
    expect(paidPerLine([{ unitPriceCents: 900, quantity: 2 }, { unitPriceCents: 3200, quantity: 1 }], 500)).toEqual([1620, 2880]);
    expect(paidPerLine([{ unitPriceCents: 900, quantity: 1 }], 90)).toEqual([810]);
  });

  it('gives the cents left over by rounding to the lines that lost most to it, the earlier one on a tie, so the shares add up exactly', () => {
    // 100 cents over three equal lines: 33.33 each, the left-over cent to the first.
    expect(paidPerLine([{ unitPriceCents: 1000, quantity: 1 }, { unitPriceCents: 1000, quantity: 1 }, { unitPriceCents: 1000, quantity: 1 }], 100)).toEqual([966, 967, 967]);
    // 10 cents over 1.00, 2.00 and 4.00: exact shares 1.43, 2.86, 5.71; rounded down 1, 2, 5 (8); the two left over go to 0.86 and 0.71.
    expect(paidPerLine([{ unitPriceCents: 100, quantity: 1 }, { unitPriceCents: 200, quantity: 1 }, { unitPriceCents: 400, quantity: 1 }], 10)).toEqual([99, 197, 394]);
    // Two equal lines, one cent over: the earlier line takes it.
    expect(paidPerLine([{ unitPriceCents: 1000, quantity: 1 }, { unitPriceCents: 1000, quantity: 1 }], 1)).toEqual([999, 1000]);
    expect(paidPerLine([{ unitPriceCents: 500, quantity: 1 }, { unitPriceCents: 1000, quantity: 1 }, { unitPriceCents: 500, quantity: 1 }], 3)).toEqual([499, 999, 499]);
    // The largest remainder wins even when it comes last.
    expect(paidPerLine([{ unitPriceCents: 400, quantity: 1 }, { unitPriceCents: 200, quantity: 1 }, { unitPriceCents: 100, quantity: 1 }], 10)).toEqual([394, 197, 99]);
    const lines = [{ unitPriceCents: 1234, quantity: 3 }, { unitPriceCents: 999, quantity: 7 }, { unitPriceCents: 1, quantity: 1 }, { unitPriceCents: 4550, quantity: 2 }];
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
