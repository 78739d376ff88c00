import { createContext, useContext } from 'react';
import type { Product, ProductVariant } from '../api/products';
import type { CartWithItems } from './cart-api';

/**
 * Who else hears of a cart change. The main site has no one; an embedded element tells its host
 * page (the `dc-*` events), so the page can react without polling.
 */
export interface CartListeners {
  /** A product (its variant, if it has several) was added: the quantity added and the cart the server answered with. */
  added?: (product: Product, variant: ProductVariant | undefined, quantity: number, cart: CartWithItems) => void;
  /** Any change (an add, a new quantity, a removal): the cart as it is now. */
  changed?: (cart: CartWithItems) => void;
}

export const CartListenersContext = createContext<CartListeners>({});

export function useCartListeners(): CartListeners {
  return useContext(CartListenersContext);
}
