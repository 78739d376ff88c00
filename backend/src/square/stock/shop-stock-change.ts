import type { RecordedEvent } from '../../platform/event-store/recorded-event';
import { productIdOf, restockChange, soldChange, upcastProductEvent, type StockAdjusted, type StockRestocked, type StockSold } from '../../catalog/rules';

/** Square's inventory states a shop's change moves units between (NONE: received from nowhere; WASTE: gone off the shelf otherwise than sold). */
type InventoryState = 'IN_STOCK' | 'SOLD' | 'NONE' | 'WASTE';

/**
 * A change the shop made to a product's units on hand that Square's count must hear of: which
 * product, the change's key on the product stream, how many units moved (negative: they left the
 * shelf), between which of Square's states, when, and the event it came from (the idempotency key).
 */
export interface ShopStockChange {
  productId: number;
  variantId: string;
  change: string;
  quantity: number;
  fromState: InventoryState;
  toState: InventoryState;
  occurredAt: string;
  eventId: string;
  referenceId: string;
}

/**
 * The shop's stock changes that Square must hear of: `StockSold` (an online sale), IN_STOCK to SOLD,
 * `StockRestocked` (a refund's units back on the shelf), SOLD to IN_STOCK with a positive quantity,
 * and `StockAdjusted` (the studio's change of units on hand): NONE to IN_STOCK for units added,
 * IN_STOCK to WASTE for units taken off.
 */
export function shopStockChange(stored: RecordedEvent): ShopStockChange | undefined {
  // Events from before variants name none: they moved the product's only one.
  const [event] = upcastProductEvent(stored, productIdOf(stored.streamId));
  if (event.type === 'StockAdjusted') {
    const adjusted = event as RecordedEvent<StockAdjusted>;
    const added = adjusted.data.quantity > 0;
    return {
      productId: productIdOf(adjusted.streamId),
      variantId: adjusted.data.variantId,
      change: adjusted.data.change,
      quantity: adjusted.data.quantity,
      fromState: added ? 'NONE' : 'IN_STOCK',
      toState: added ? 'IN_STOCK' : 'WASTE',
      occurredAt: new Date(adjusted.recordedAt).toISOString(),
      eventId: adjusted.eventId,
      referenceId: `${adjusted.streamId}/${adjusted.data.change}`,
    };
  }
  if (event.type === 'StockRestocked') {
    const restocked = event as RecordedEvent<StockRestocked>;
    return {
      productId: productIdOf(restocked.streamId),
      variantId: restocked.data.variantId,
      change: restockChange(restocked.data.refundId),
      quantity: restocked.data.quantity,
      fromState: 'SOLD',
      toState: 'IN_STOCK',
      occurredAt: new Date(restocked.recordedAt).toISOString(),
      eventId: restocked.eventId,
      referenceId: restocked.data.orderId,
    };
  }
  if (event.type !== 'StockSold') return undefined;
  const sold = event as RecordedEvent<StockSold>;
  // A Square order moved Square's count when it was paid: pushing the sale too would take the units twice.
  if (sold.data.square) return undefined;
  return {
    productId: productIdOf(sold.streamId),
    variantId: sold.data.variantId,
    change: soldChange(sold.data.orderId),
    quantity: -sold.data.quantity,
    fromState: 'IN_STOCK',
    toState: 'SOLD',
    occurredAt: new Date(sold.recordedAt).toISOString(),
    eventId: sold.eventId,
    referenceId: sold.data.orderId,
  };
}
