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

export type ProductEvent = ProductAdded | ProductDetailsChanged | StockSet;

export const PRODUCT_STREAM_TYPE = 'Product';
export const productStream = (productId: number) => ({ id: `product-${productId}`, type: PRODUCT_STREAM_TYPE });
