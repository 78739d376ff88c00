import { apiErrorOf, ok, type Cart, type CartItem, type CartResponse, type RequestBody, type ShippingRates } from '@dark-circle/api-client';
import { api } from '../api/client';
import { knownVersion } from '../api/known-version';

/** Every cart call that changes something answers with the whole cart (the API's `CartResponse`). */
export type CartWithItems = CartResponse;
export type { Cart, CartItem, ShippingRates };
export type ShippingRate = ShippingRates['rates'][keyof ShippingRates['rates']];
export type ContactDetails = RequestBody<'/api/cart/{cartId}/contact', 'patch'>;

/**
 * The session's cart, or null when it has none (404). `no-cache` makes the browser revalidate with
 * the ETag it holds, so the 2-second poll mostly costs a bodiless 304. `known`: the cart version
 * the storefront holds (from the last answer, a change's included), so no server answers older.
 */
export async function fetchCart(sessionId: string, signal?: AbortSignal, known?: number): Promise<CartWithItems | null> {
  try {
    return await ok(api().GET('/api/cart/{sessionId}', { params: { path: { sessionId }, query: knownVersion(known) }, cache: 'no-cache', signal }));
  } catch (error) {
    if (apiErrorOf(error)?.status === 404) return null;
    throw error;
  }
}

/** Creates the session's cart (the server returns the existing one if there is one). */
export function createCart(sessionId: string): Promise<Cart> {
  return ok(api().POST('/api/cart', { body: { sessionId, totalAmount: '0.00' } }));
}

/** Adding a product already in the cart raises its quantity; the server prices it from the catalogue. */
export function addCartItem(cartId: string, item: RequestBody<'/api/cart/{cartId}/items', 'post'>): Promise<CartWithItems> {
  return ok(api().POST('/api/cart/{cartId}/items', { params: { path: { cartId } }, body: item }));
}

/** A quantity of 0 or below removes the item. */
export function updateCartItemQuantity(itemId: string, quantity: number): Promise<CartWithItems> {
  return ok(api().PATCH('/api/cart/items/{itemId}', { params: { path: { itemId } }, body: { quantity } }));
}

export function removeCartItem(itemId: string): Promise<CartWithItems> {
  return ok(api().DELETE('/api/cart/items/{itemId}', { params: { path: { itemId } } }));
}

/** Empties the cart after a successful payment. */
export function clearCart(cartId: string): Promise<CartWithItems> {
  return ok(api().POST('/api/cart/{cartId}/clear', { params: { path: { cartId } } }));
}

/** Tells the server who is checking out, so an abandoned cart can be recovered by email. */
export function saveCartContact(cartId: string, contact: ContactDetails): Promise<CartWithItems> {
  return ok(api().PATCH('/api/cart/{cartId}/contact', { params: { path: { cartId } }, body: contact }));
}

/** `total` is the subtotal as a decimal string; `zipCode` is 00000 until the shopper types one. */
export function fetchShippingRates(total: string, zipCode: string, signal?: AbortSignal): Promise<ShippingRates> {
  return ok(api().GET('/api/shipping/rates', { params: { query: { total, zipCode } }, signal }));
}
