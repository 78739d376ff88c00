import type { RecordedEvent } from '../../platform/event-store/recorded-event';
import { shopStockChange } from './shop-stock-change';

const stored = (type: string, data: object) => ({ type, data, streamId: 'product-7', eventId: 'e1', recordedAt: new Date('2026-11-24T15:00:00.000Z') }) as unknown as RecordedEvent;

describe('the stock changes Square hears of', () => {
  it("is a refund's restock: SOLD back to IN_STOCK, of the variant restocked", () => {
    expect(shopStockChange(stored('StockRestocked', { variantId: '7-2', orderId: 'o1', refundId: 'r1', quantity: 2 }))).toEqual({
      productId: 7,
      variantId: '7-2',
      change: 'restocked:r1',
      quantity: 2,
      fromState: 'SOLD',
      toState: 'IN_STOCK',
      occurredAt: '2026-11-24T15:00:00.000Z',
      eventId: 'e1',
      referenceId: 'o1',
    });
  });

  it('is an online sale: IN_STOCK to SOLD, units leaving the shelf', () => {
    expect(shopStockChange(stored('StockSold', { variantId: '7-2', orderId: 'o1', quantity: 2 }))).toMatchObject({
      productId: 7,
      variantId: '7-2',
      change: 'sold:o1',
      quantity: -2,
      fromState: 'IN_STOCK',
      toState: 'SOLD',
      referenceId: 'o1',
    });
  });

  it("reads a sale stored before variants as one of the product's only variant", () => {
    expect(shopStockChange(stored('StockSold', { orderId: 'o1', quantity: 1 }))).toMatchObject({ variantId: '7-1', change: 'sold:o1', quantity: -1 });
  });

  it("is the studio's change of units: received from nowhere when added, wasted when taken off, keyed by its change", () => {
    expect(shopStockChange(stored('StockAdjusted', { variantId: '7-2', change: 'adjusted:3', quantity: 10, inStock: true, stockQuantity: 12 }))).toEqual({
      productId: 7,
      variantId: '7-2',
      change: 'adjusted:3',
      quantity: 10,
      fromState: 'NONE',
      toState: 'IN_STOCK',
      occurredAt: '2026-11-24T15:00:00.000Z',
      eventId: 'e1',
      referenceId: 'product-7/adjusted:3',
    });
    expect(shopStockChange(stored('StockAdjusted', { variantId: '7-2', change: 'adjusted:4', quantity: -2, inStock: true, stockQuantity: 10 }))).toMatchObject({
      quantity: -2,
      fromState: 'IN_STOCK',
      toState: 'WASTE',
    });
  });

  it('is nothing else', () => {
    expect(shopStockChange(stored('StockReserved', { variantId: '7-2', orderId: 'o1', quantity: 1 }))).toBeUndefined();
  });
});
