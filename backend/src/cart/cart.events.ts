import type { DomainEvent } from '../platform/event-store/recorded-event';

export type CartCreated = DomainEvent<'CartCreated', { cartId: string; sessionId: string }>;
export type ItemAdded = DomainEvent<
  'ItemAdded',
  { itemId: string; productId: number; name: string; imageUrl: string; unitPriceCents: number; quantity: number }
>;
export type ItemQuantityChanged = DomainEvent<'ItemQuantityChanged', { itemId: string; quantity: number }>;
export type ItemRemoved = DomainEvent<'ItemRemoved', { itemId: string }>;
export type ContactDetailsGiven = DomainEvent<'ContactDetailsGiven', { name: string; email: string }>;
export type CartCleared = DomainEvent<'CartCleared', Record<string, never>>;

export type CartEvent = CartCreated | ItemAdded | ItemQuantityChanged | ItemRemoved | ContactDetailsGiven | CartCleared;

export const CART_STREAM_TYPE = 'Cart';
export const cartStream = (cartId: string) => ({ id: `cart-${cartId}`, type: CART_STREAM_TYPE });
