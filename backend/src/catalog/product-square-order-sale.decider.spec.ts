import { deciderSpec } from '../../test/support/decider-spec';
import { onlyVariant, patchAdded, productImported, reserved, sold, stockSet } from '../../test/support/product-fixtures';
import { fold } from '../platform/event-store/decider';
import { productDecider } from './product.decider';
import type { ProductEvent } from './product.events';
import { variantOf, type ExistingProduct } from './product.state';

const spec = deciderSpec(productDecider);
const T1 = '2026-11-24T14:00:00.000Z';
const PAID = '2026-11-24T14:00:05.000Z';
const T3 = '2026-11-24T14:00:09.000Z';
const linked = productImported([onlyVariant({ squareVariationId: 'VAR', squareCount: 3, squareCountAt: T1 })]);
const sell = (squareOrderPaidAt?: string) => ({ kind: 'SellStock' as const, productId: 7, orderId: 'a', ...(squareOrderPaidAt ? { squareOrderPaidAt } : {}) });
const soldIn = (square: 'sold-in-order' | 'counted', quantity = 1): ProductEvent => ({ type: 'StockSold', data: { variantId: '7-1', orderId: 'a', quantity, square } });

describe('product stock: a sale paid through a Square order', () => {
  it("is Square's to count: nothing is pushed, and the units on hand fall once", () => {
    spec
      .given(linked, reserved('a', 2))
      .when(sell(PAID))
      .then([soldIn('sold-in-order', 2)]);
    const variant = variantOf(<ExistingProduct>fold(productDecider, [linked, reserved('a', 2), soldIn('sold-in-order', 2)]), '7-1')!;
    expect(variant).toMatchObject({ stockQuantity: 1, unpushed: {}, reservations: {} });
  });

  it('lowers nothing more when a Square count at or after the payment showed the units gone', () => {
    const countAtPayment = stockSet('7-1', true, 1, { squareCount: 1, squareCountAt: PAID });
    spec
      .given(linked, reserved('a', 2), countAtPayment)
      .when(sell(PAID))
      .then([soldIn('counted', 2)]);
    const later = stockSet('7-1', true, 1, { squareCount: 1, squareCountAt: T3 });
    spec
      .given(linked, reserved('a', 2), later)
      .when(sell(PAID))
      .then([soldIn('counted', 2)]);
    const variant = variantOf(<ExistingProduct>fold(productDecider, [linked, reserved('a', 2), later, soldIn('counted', 2)]), '7-1')!;
    expect(variant).toMatchObject({ stockQuantity: 1, unpushed: {}, reservations: {}, inStock: true });
  });

  it('counts a Square count from before the payment as not showing the sale', () => {
    const before = stockSet('7-1', true, 3, { squareCount: 3, squareCountAt: '2026-11-24T14:00:04.999Z' });
    spec
      .given(linked, reserved('a'), before)
      .when(sell(PAID))
      .then([soldIn('sold-in-order')]);
  });

  it('is pushed as before when it was not paid through a Square order, or the variant follows no variation', () => {
    spec
      .given(linked, reserved('a'))
      .when(sell())
      .then([sold('a')]);
    expect(variantOf(<ExistingProduct>fold(productDecider, [linked, reserved('a'), sold('a')]), '7-1')!.unpushed).toEqual({ 'sold:a': -1 });
    spec
      .given(patchAdded, reserved('a'))
      .when(sell(PAID))
      .then([sold('a')]);
  });
});
