import { checkoutIdentity } from './order-identity';
import { DomainError } from '../platform/errors/domain-error';
import { assertChargeable, priceOrder } from './order-pricing';

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

describe('a total Square can charge', () => {
  it('is one cent or more', () => {
    expect(() => assertChargeable(1)).not.toThrow();
    expect(() => assertChargeable(3700)).not.toThrow();
  });

  it('refuses $0.00 (a pickup of items priced $0.00), saying why and the total', () => {
    let thrown: unknown;
    try {
      assertChargeable(0);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({
      kind: 'conflict',
      code: 'TOTAL_NOT_CHARGEABLE',
      message: 'This order comes to $0.00, which cannot be paid by card. Nothing was charged or held; please add an item with a price.',
      details: { total: '0.00' },
    });
    expect(() => assertChargeable(-1)).toThrow(DomainError);
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
