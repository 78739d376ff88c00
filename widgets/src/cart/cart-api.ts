import { apiCredentials, apiUrl } from '../api/config';
import { apiRequest, throwIfNotOk } from '../api/http';
import { withKnownVersion } from '../api/known-version';
import type { RequestBody } from '../api/request-body';
import type { Cart, CartItem, CartResponse, ShippingRates } from '../api/schema';

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
  const res = await fetch(apiUrl(withKnownVersion(`/api/cart/${encodeURIComponent(sessionId)}`, known)), {
    cache: 'no-cache',
    credentials: apiCredentials(),
    signal,
  });
  if (res.status === 404) return null;
  await throwIfNotOk(res);
  return (await res.json()) as CartWithItems;
}

/** Creates the session's cart (the server returns the existing one if there is one). */
export async function createCart(sessionId: string): Promise<Cart> {
  const res = await apiRequest('POST', '/api/cart', { sessionId, totalAmount: '0.00' });
  return (await res.json()) as Cart;
}

/** Adding a product already in the cart raises its quantity; the server prices it from the catalogue. */
export async function addCartItem(cartId: string, item: { productId: number; quantity: number; price: string }): Promise<CartWithItems> {
  const res = await apiRequest('POST', `/api/cart/${cartId}/items`, item);
  return (await res.json()) as CartWithItems;
}

/** A quantity of 0 or below removes the item. */
export async function updateCartItemQuantity(itemId: string, quantity: number): Promise<CartWithItems> {
  const res = await apiRequest('PATCH', `/api/cart/items/${itemId}`, { quantity });
  return (await res.json()) as CartWithItems;
}

export async function removeCartItem(itemId: string): Promise<CartWithItems> {
  const res = await apiRequest('DELETE', `/api/cart/items/${itemId}`);
  return (await res.json()) as CartWithItems;
}

/** Empties the cart after a successful payment. */
export async function clearCart(cartId: string): Promise<CartWithItems> {
  const res = await apiRequest('POST', `/api/cart/${cartId}/clear`);
  return (await res.json()) as CartWithItems;
}

/** Tells the server who is checking out, so an abandoned cart can be recovered by email. */
export async function saveCartContact(cartId: string, contact: ContactDetails): Promise<CartWithItems> {
  const res = await apiRequest('PATCH', `/api/cart/${cartId}/contact`, contact);
  return (await res.json()) as CartWithItems;
}

/** `total` is the subtotal as a decimal string; `zipCode` is 00000 until the shopper types one. */
export async function fetchShippingRates(total: string, zipCode: string, signal?: AbortSignal): Promise<ShippingRates> {
  const query = new URLSearchParams({ total, zipCode });
  const res = await apiRequest('GET', `/api/shipping/rates?${query}`, undefined, signal);
  return (await res.json()) as ShippingRates;
}
