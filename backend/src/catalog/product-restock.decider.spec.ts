import { deciderSpec } from '../../test/support/decider-spec';
import { hoodieAdded, onlyVariant, productImported, reserved, sold } from '../../test/support/product-fixtures';
import { fold } from '../platform/event-store/decider';
import { MAX_STOCK } from './product-variants';
import { productDecider } from './product.decider';
import { variantOf, type ExistingProduct } from './product.state';
import type { ProductEvent } from './product.events';

const spec = deciderSpec(productDecider);
const linked = productImported([onlyVariant({ squareVariationId: 'VAR', stockQuantity: 1, squareCount: 1, squareCountAt: '2026-11-24T14:00:00.000Z' })]);
const soldOut: ProductEvent[] = [linked, reserved('o1'), sold('o1')];
const restock = (refundId = 'r1', quantity = 1, variantId = '7-1') => ({ kind: 'RestockFromRefund' as const, productId: 7, variantId, orderId: 'o1', refundId, quantity });
const restocked = (refundId = 'r1', quantity = 1, variantId = '7-1'): ProductEvent => ({ type: 'StockRestocked', data: { variantId, orderId: 'o1', refundId, quantity } });
const variant = (events: ProductEvent[], variantId = '7-1') => variantOf(fold(productDecider, events) as ExistingProduct, variantId);

describe('product stock back from a refund', () => {
  it('puts the units back once per refund, and a sold-out product is on sale again', () => {
    spec
      .given(...soldOut)
      .when(restock())
      .then([restocked()]);
    spec
      .given(...soldOut, restocked())
      .when(restock())
      .thenNothing();
    spec
      .given(...soldOut, restocked())
      .when(restock('r2'))
      .then([restocked('r2')]);
    expect(variant([...soldOut, restocked()])).toMatchObject({ stockQuantity: 1, inStock: true, restocked: { r1: 1 } });
  });

  it('remembers the restock as unpushed to Square until the push is acknowledged', () => {
    expect(variant([...soldOut, restocked()])?.unpushed).toEqual({ 'sold:o1': -1, 'restocked:r1': 1 });
  });

  it('remembers nothing to push for a variant that follows no variation', () => {
    const shopOnly = [hoodieAdded, reserved('o1', 1, '7-2'), sold('o1', 1, '7-2'), restocked('r1', 1, '7-2')];
    expect(variant(shopOnly, '7-2')).toMatchObject({ stockQuantity: 2, inStock: true, unpushed: {} });
  });

  it('puts the units back on the variant bought, and leaves the other sizes alone', () => {
    spec
      .given(hoodieAdded, reserved('o1', 2, '7-2'), sold('o1', 2, '7-2'))
      .when(restock('r1', 2, '7-2'))
      .then([restocked('r1', 2, '7-2')]);
    const after = fold(productDecider, [hoodieAdded, reserved('o1', 2, '7-2'), sold('o1', 2, '7-2'), restocked('r1', 2, '7-2')]) as ExistingProduct;
    expect(after.variants.map((v) => [v.variantId, v.stockQuantity])).toEqual([
      ['7-1', 2],
      ['7-2', 2],
      ['7-3', 2],
    ]);
  });

  it("keeps an operator's Mark Sold Out when units come back", () => {
    const markedSoldOut: ProductEvent = { type: 'StockSet', data: { variantId: '7-2', inStock: false, stockQuantity: 2 } };
    expect(variant([hoodieAdded, markedSoldOut, restocked('r1', 1, '7-2')], '7-2')).toMatchObject({ stockQuantity: 3, inStock: false });
  });

  it(`puts back no more than ${MAX_STOCK} units in all`, () => {
    const full = productImported([onlyVariant({ stockQuantity: MAX_STOCK - 1 })]);
    spec
      .given(full)
      .when(restock('r1', 5))
      .then([restocked('r1', 1)]);
    spec
      .given(productImported([onlyVariant({ stockQuantity: MAX_STOCK })]))
      .when(restock('r1', 5))
      .thenNothing();
  });

  it('refuses an unknown product, an unknown variant, and a count that is not whole', () => {
    spec.given().when(restock()).thenThrows('NOT_FOUND', 'Product 7 was not found.');
    spec
      .given(...soldOut)
      .when(restock('r1', 1, '7-9'))
      .thenThrows('VARIANT_NOT_FOUND', 'Bat Patch has no variant 7-9.', { productId: 7, variantId: '7-9' });
    spec
      .given(...soldOut)
      .when(restock('r1', 0))
      .thenThrows('INVALID', 'A restock needs a whole number of units.');
    spec
      .given(...soldOut)
      .when(restock('r1', 1.5))
      .thenThrows('INVALID', 'A restock needs a whole number of units.');
  });
});
