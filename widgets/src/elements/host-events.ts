import type { CartWithItems } from '../cart/cart-api';
import type { CartListeners } from '../cart/cart-listeners';

export const ADDED_TO_CART = 'dc-added-to-cart';
export const CART_UPDATED = 'dc-cart-updated';

const itemCountOf = (cart: CartWithItems) => cart.items.reduce((sum, item) => sum + item.quantity, 0);

/**
 * The host page hears of the cart from the element: `composed` takes the event out of the shadow
 * root, `bubbles` up to the document.
 */
export function hostCartEvents(host: Element): CartListeners {
  const send = (type: string, detail: object) => host.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
  return {
    added: (product, variant, quantity, cart) => send(ADDED_TO_CART, { product, variantId: variant?.id ?? '', variantName: variant?.name ?? '', quantity, itemCount: itemCountOf(cart) }),
    changed: (cart) => send(CART_UPDATED, { itemCount: itemCountOf(cart), items: cart.items, sessionId: cart.cart.sessionId }),
  };
}
