import type { DomainEvent } from '../platform/event-store/recorded-event';
import { variantIdOf, type ProductEvent, type VariantDefinition } from './product.events';

/**
 * Product events as stored before products had variants: one price, one picture and one stock
 * count per product, and stock events that name no variant. They are never rewritten; they are read
 * as events of a product with one variant, `<productId>-1`, named ''.
 */
type LegacyStock = { inStock: boolean; stockQuantity: number };
type LegacyDetails = { name: string; description: string; priceCents: number; imageUrl: string; category: string };
type LegacyAdded = { productId: number } & LegacyDetails & LegacyStock;
type LegacyImported = LegacyAdded & { squareItemId: string; squareVariationId?: string; squareCount?: number; squareCountAt?: string };

/** The variant every product from before variants has. */
export const onlyVariantOf = (productId: number) => variantIdOf(productId, 1);

/**
 * The events a stored product event stands for today. Current events pass through; an event
 * written before variants becomes its one-variant equivalent (sometimes two events: a legacy price
 * change is a detail change and a variant change).
 */
export function upcastProductEvent<E extends DomainEvent>(event: E, productId: number): (E & ProductEvent)[] {
  const as = (type: ProductEvent['type'], data: object) => ({ ...event, type, data }) as unknown as E & ProductEvent;
  const data = event.data as Record<string, unknown>;
  const variantId = onlyVariantOf(productId);
  switch (event.type) {
    case 'ProductAdded':
    case 'ProductImportedFromSquare': {
      if ('variants' in data) return [event as E & ProductEvent];
      const { priceCents, imageUrl, inStock, stockQuantity, squareVariationId, squareCount, squareCountAt, ...rest } = data as LegacyImported;
      const variant: VariantDefinition = {
        variantId,
        name: '',
        options: {},
        priceCents,
        inStock,
        stockQuantity,
        ...(squareVariationId ? { squareVariationId } : {}),
        ...(squareCount !== undefined ? { squareCount } : {}),
        ...(squareCountAt ? { squareCountAt } : {}),
      };
      return [as(event.type, { ...rest, images: imageUrl ? [imageUrl] : [], options: [], variants: [variant] })];
    }
    case 'ProductDetailsChanged': {
      if (!('priceCents' in data) && !('imageUrl' in data)) return [event as E & ProductEvent];
      const { priceCents, imageUrl, ...rest } = data as Partial<LegacyDetails>;
      const details = imageUrl === undefined ? rest : { ...rest, images: imageUrl ? [imageUrl] : [] };
      return [
        ...(Object.keys(details).length ? [as('ProductDetailsChanged', details)] : []),
        ...(priceCents !== undefined ? [as('VariantChanged', { variantId, changes: { priceCents } })] : []),
      ];
    }
    case 'ProductLinkedToSquare': {
      if (!('squareVariationId' in data)) return [event as E & ProductEvent];
      const { squareItemId, squareVariationId } = data as { squareItemId: string; squareVariationId: string | null };
      return [as('ProductLinkedToSquare', { squareItemId }), as('VariantLinkedToSquare', { variantId, squareVariationId })];
    }
    case 'StockSet':
    case 'StockReserved':
    case 'StockReleased':
    case 'StockSold':
    case 'StockRestocked':
    case 'StockPushedToSquare':
      return 'variantId' in data ? [event as E & ProductEvent] : [as(event.type, { variantId, ...data })];
    default:
      return [event as E & ProductEvent];
  }
}
