import type { DomainEvent } from '../platform/event-store/recorded-event';
import type { CategorySlug } from './categories';
import { streamKind, numericId } from '../platform/event-store/stream';

export interface ProductDetails {
  name: string;
  description: string;
  priceCents: number;
  imageUrl: string;
  category: CategorySlug;
}

export interface Stock {
  inStock: boolean;
  stockQuantity: number;
}

export type ProductAdded = DomainEvent<'ProductAdded', { productId: number } & ProductDetails & Stock>;
export type ProductDetailsChanged = DomainEvent<'ProductDetailsChanged', Partial<ProductDetails>>;
/**
 * The units on hand (and the flag) were set: by the operator, by a catalogue sync, or from Square's
 * count (`squareCount`, possibly below zero when the stall oversold, and `squareCountAt`, Square's
 * `calculated_at`, which orders counts: an older one is never applied after a newer one).
 */
export type StockSet = DomainEvent<'StockSet', Stock & SquareCount>;

export interface SquareCount {
  squareCount?: number;
  squareCountAt?: string;
}

/** A checkout holds units while the card is charged, so the last one cannot be sold twice. */
export type StockReserved = DomainEvent<'StockReserved', { orderId: string; quantity: number }>;
/** The charge failed or the checkout was given up: the held units are available again. */
export type StockReleased = DomainEvent<'StockReleased', { orderId: string; quantity: number }>;
/** The order was paid: the held units leave the stock for good. */
export type StockSold = DomainEvent<'StockSold', { orderId: string; quantity: number }>;

/** A refund gave units of an order back to the shelf (`refundId`: the order's refund request; once per refund). */
export type StockRestocked = DomainEvent<'StockRestocked', { orderId: string; refundId: string; quantity: number }>;

/** A product first brought over from the studio's Square catalogue; later syncs record only what changed. */
export type ProductImportedFromSquare = DomainEvent<
  'ProductImportedFromSquare',
  { productId: number; squareItemId: string; squareVariationId?: string } & ProductDetails & Stock & SquareCount
>;

/**
 * Which Square variation the product's stock follows (its item's only variation), or none (an item
 * with several variations is imported with their summed count, but its stock is not kept in step).
 */
export type ProductLinkedToSquare = DomainEvent<'ProductLinkedToSquare', { squareItemId: string; squareVariationId: string | null }>;

/**
 * A stock change the shop made (an online sale; later a refund's restock) reached Square's count:
 * `change` names it (`sold:<orderId>`), `quantity` is what it moved (negative: units left the
 * shelf); `squareCount`/`squareCountAt` are Square's count right after, when Square answered one.
 */
export type StockPushedToSquare = DomainEvent<'StockPushedToSquare', { change: string; quantity: number } & SquareCount>;

export type ProductEvent =
  ProductAdded | ProductImportedFromSquare | ProductLinkedToSquare | ProductDetailsChanged | StockSet | StockReserved | StockReleased | StockSold | StockRestocked | StockPushedToSquare;

/** The key of a sale's stock change, as pushed to Square and acknowledged on the product stream. */
export const soldChange = (orderId: string) => `sold:${orderId}`;

/** The key of a refund's restock, as pushed to Square and acknowledged on the product stream. */
export const restockChange = (refundId: string) => `restocked:${refundId}`;

export const PRODUCT_STREAM_TYPE = 'Product';
export const productStream = streamKind(PRODUCT_STREAM_TYPE, 'product-', numericId);
