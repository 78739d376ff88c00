import { deciderSpec } from '../../test/support/decider-spec';
import { fold } from '../platform/event-store/decider';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { shopStockChange } from '../square/stock/stock-push.job';
import { productDecider } from './product.decider';
import type { ProductEvent } from './product.events';

const spec = deciderSpec(productDecider);
const details = { name: 'Bat Patch', description: 'A bat', priceCents: 900, imageUrl: '/b.svg', category: 'patches' as const };
const linked: ProductEvent = {
  type: 'ProductImportedFromSquare',
  data: { productId: 7, squareItemId: 'ITEM', squareVariationId: 'VAR', ...details, inStock: true, stockQuantity: 1, squareCount: 1, squareCountAt: '2026-11-24T14:00:00.000Z' },
};
const soldOut: ProductEvent[] = [linked, { type: 'StockReserved', data: { orderId: 'o1', quantity: 1 } }, { type: 'StockSold', data: { orderId: 'o1', quantity: 1 } }];
const restock = (refundId = 'r1', quantity = 1) => ({ kind: 'RestockFromRefund' as const, productId: 7, orderId: 'o1', refundId, quantity });
const restocked = (refundId = 'r1', quantity = 1): ProductEvent => ({ type: 'StockRestocked', data: { orderId: 'o1', refundId, quantity } });

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
    const state = fold(productDecider, [...soldOut, restocked()]);
    expect(state).toMatchObject({ stockQuantity: 1, inStock: true });
  });

  it('remembers the restock as unpushed to Square until the push is acknowledged', () => {
    const state = fold(productDecider, [...soldOut, restocked()]);
    expect(state.exists && state.unpushed).toEqual({ 'sold:o1': -1, 'restocked:r1': 1 });
  });

  it('refuses an unknown product and a count that is not whole', () => {
    spec.given().when(restock()).thenThrows('NOT_FOUND');
    spec
      .given(...soldOut)
      .when(restock('r1', 0))
      .thenThrows('INVALID');
  });

  it('is a stock change Square hears of: SOLD back to IN_STOCK', () => {
    const event = { ...restocked('r1', 2), streamId: 'product-7', eventId: 'e1', recordedAt: new Date('2026-11-24T15:00:00.000Z') } as unknown as RecordedEvent;
    expect(shopStockChange(event)).toEqual({
      productId: 7,
      change: 'restocked:r1',
      quantity: 2,
      fromState: 'SOLD',
      toState: 'IN_STOCK',
      occurredAt: '2026-11-24T15:00:00.000Z',
      eventId: 'e1',
      referenceId: 'o1',
    });
  });
});
