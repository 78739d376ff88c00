import { assertUsZip, shippingCostCents, shippingRates } from './shipping-rates';

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

  it.each(['12345', '12345-6789', ' 02139 '])('accepts the US ZIP %p', (zip) => expect(() => assertUsZip(zip)).not.toThrow());
  it.each(['SW1A 1AA', 'K1A 0B1', '1234', '123456', ''])('refuses %p', (zip) =>
    expect(() => assertUsZip(zip)).toThrow('We only ship within the United States.'),
  );
});
