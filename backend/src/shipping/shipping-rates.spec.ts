import { DomainError } from '../platform/errors/domain-error';
import { assertUsZip, PLACEHOLDER_ZIP, shippingCostCents, shippingRates } from './shipping-rates';

describe('shipping rates', () => {
  it('charges 5.00 for standard shipping below 50.00 and nothing from 50.00', () => {
    expect(shippingCostCents('standard', 4999)).toBe(500);
    expect(shippingCostCents('standard', 5000)).toBe(0);
  });

  it('never charges for pickup', () => {
    expect(shippingCostCents('pickup', 100)).toBe(0);
  });

  it('describes both rates with decimal-string costs', () => {
    expect(shippingRates(3200)).toEqual({
      rates: {
        pickup: expect.objectContaining({ name: 'Local Pickup', cost: '0.00' }),
        standard: expect.objectContaining({ name: 'Standard Shipping', cost: '5.00' }),
      },
      qualifiesForFreeShipping: false,
      freeShippingThreshold: '50.00',
    });
  });

  it('qualifies for free shipping exactly from 50.00', () => {
    expect(shippingRates(4999)).toMatchObject({ rates: { standard: { cost: '5.00' } }, qualifiesForFreeShipping: false });
    expect(shippingRates(5000)).toMatchObject({ rates: { standard: { cost: '0.00' } }, qualifiesForFreeShipping: true });
  });

  it('tells the shopper what each rate means', () => {
    const { rates } = shippingRates(1000);
    expect(rates.pickup.description).toBe('Free, ready in 1-2 days');
    expect(rates.standard.description).toBe('5-7 business days, free on orders of $50.00 or more');
    expect(rates.pickup.delivery).toBe('1-2 days');
    expect(rates.standard.delivery).toBe('5-7 business days');
  });

  it('uses a placeholder ZIP that passes the US rule, so rates show before a ZIP is typed', () => {
    expect(PLACEHOLDER_ZIP).toMatch(/^\d{5}$/);
    expect(() => assertUsZip(PLACEHOLDER_ZIP)).not.toThrow();
  });

  it('refuses a non-US ZIP with the SHIPPING_RESTRICTED code', () => {
    let thrown: unknown;
    try {
      assertUsZip('SW1A 1AA');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe('SHIPPING_RESTRICTED');
  });

  it.each(['12345', '12345-6789', ' 02139 '])('accepts the US ZIP %p', (zip) => expect(() => assertUsZip(zip)).not.toThrow());
  it.each(['SW1A 1AA', 'K1A 0B1', '1234', '123456', ''])('refuses %p', (zip) => expect(() => assertUsZip(zip)).toThrow('We only ship within the United States.'));
});
