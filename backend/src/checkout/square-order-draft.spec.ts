import type { CheckoutOpened } from '../orders';
import { squareOrderDraft, squareOrderKey } from './square-order-draft';

const shipped: CheckoutOpened['data'] = {
  orderId: '0f1e2d3c-0000-8000-a000-000000000001',
  cartId: 'c1',
  customer: { name: 'Mina Harker', email: 'mina@example.com' },
  fulfillment: 'shipping',
  shippingAddress: { address: '1 Crow St', city: 'Salem', state: 'MA', zipCode: '01970', country: 'US' },
  lines: [
    { productId: 1, variantId: '1-2', variantName: 'M', name: 'Raven Hoodie', quantity: 2, unitPriceCents: 6800 },
    { productId: 2, variantId: '2-1', variantName: '', name: 'Moth Patch', quantity: 1, unitPriceCents: 900 },
  ],
  subtotalCents: 14500,
  shippingCents: 500,
  discountCents: 1450,
  totalCents: 13550,
  discountCode: 'DARKCIRCLE10',
  sourceId: 'cnon:card-nonce-ok',
  idempotencyKey: 'dc-abc',
};
const context = { locationId: 'L1', shopName: 'Dark Circle', customerId: 'CUST1', variations: ['VAR-M', undefined] };

describe('squareOrderDraft', () => {
  it('makes catalog lines of linked variants and ad hoc lines of the rest, each at the price charged', () => {
    const { order } = squareOrderDraft(shipped, context);
    expect(order.lineItems).toEqual([
      { catalogObjectId: 'VAR-M', quantity: '2', basePriceMoney: { amount: 6800n, currency: 'USD' } },
      { name: 'Moth Patch', quantity: '1', basePriceMoney: { amount: 900n, currency: 'USD' } },
    ]);
    const adHocVariant = squareOrderDraft(shipped, { ...context, variations: [undefined, undefined] }).order.lineItems![0];
    expect(adHocVariant).toEqual({ name: 'Raven Hoodie, M', quantity: '2', basePriceMoney: { amount: 6800n, currency: 'USD' } });
  });

  it('names the discount by its code with the amount the shop computed, and charges shipping after it', () => {
    const { order, idempotencyKey } = squareOrderDraft(shipped, context);
    expect(idempotencyKey).toBe('dc-abc-order');
    expect(squareOrderKey(shipped)).toBe(idempotencyKey);
    expect(order.discounts).toEqual([{ uid: 'discount', name: 'DARKCIRCLE10', type: 'FIXED_AMOUNT', amountMoney: { amount: 1450n, currency: 'USD' }, scope: 'ORDER' }]);
    expect(order.serviceCharges).toEqual([{ uid: 'shipping', name: 'Shipping', amountMoney: { amount: 500n, currency: 'USD' }, calculationPhase: 'TOTAL_PHASE', taxable: false }]);
    expect(order).toMatchObject({ locationId: 'L1', referenceId: shipped.orderId, source: { name: 'Dark Circle' }, customerId: 'CUST1' });
  });

  it('ships to the address, or offers a pickup as soon as possible with no shipping charge and no discount when there is none', () => {
    const { order } = squareOrderDraft(shipped, context);
    expect(order.fulfillments).toEqual([
      {
        type: 'SHIPMENT',
        state: 'PROPOSED',
        shipmentDetails: {
          recipient: {
            displayName: 'Mina Harker',
            emailAddress: 'mina@example.com',
            customerId: 'CUST1',
            address: { addressLine1: '1 Crow St', locality: 'Salem', administrativeDistrictLevel1: 'MA', postalCode: '01970', country: 'US' },
          },
        },
      },
    ]);
    const pickup = squareOrderDraft(
      { ...shipped, fulfillment: 'pickup', shippingAddress: null, shippingCents: 0, discountCents: 0, discountCode: undefined, orderNumber: 'DC-1001' },
      { ...context, customerId: undefined },
    ).order;
    expect(pickup.fulfillments).toEqual([
      { type: 'PICKUP', state: 'PROPOSED', pickupDetails: { recipient: { displayName: 'Mina Harker', emailAddress: 'mina@example.com' }, scheduleType: 'ASAP' } },
    ]);
    expect(pickup.serviceCharges).toBeUndefined();
    expect(pickup.discounts).toBeUndefined();
    expect(pickup.customerId).toBeUndefined();
    expect(pickup.referenceId).toBe('DC-1001');
  });
});
