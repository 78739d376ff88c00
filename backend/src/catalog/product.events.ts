import type { DomainEvent } from '../platform/event-store/recorded-event';
import type { CategorySlug } from './categories';

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
export type StockSet = DomainEvent<'StockSet', Stock>;

/** A checkout holds units while the card is charged, so the last one cannot be sold twice. */
export type StockReserved = DomainEvent<'StockReserved', { orderId: string; quantity: number }>;
/** The charge failed or the checkout was given up: the held units are available again. */
export type StockReleased = DomainEvent<'StockReleased', { orderId: string; quantity: number }>;
/** The order was paid: the held units leave the stock for good. */
export type StockSold = DomainEvent<'StockSold', { orderId: string; quantity: number }>;

/** A product first brought over from the studio's Square catalogue; later syncs record only what changed. */
export type ProductImportedFromSquare = DomainEvent<'ProductImportedFromSquare', { productId: number; squareItemId: string } & ProductDetails & Stock>;

export type ProductEvent = ProductAdded | ProductImportedFromSquare | ProductDetailsChanged | StockSet | StockReserved | StockReleased | StockSold;

export const PRODUCT_STREAM_TYPE = 'Product';
export const productStream = (productId: number) => ({ id: `product-${productId}`, type: PRODUCT_STREAM_TYPE });
