import { createElement, useCallback, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf } from '@dark-circle/api-client';
import { shopperMessageOf } from '../api/refusals';
import { productsKey, type Product, type ProductVariant } from '../api/products';
import { deepActiveElement } from '../lib/focus';
import { lineName } from '../lib/variants';
import { useToast, type ToastOptions } from '../toast/toast-context';
import { AddedToCartActions } from './AddedToCartActions';
import { useCartListeners } from './cart-listeners';
import { addCartItem, createCart, fetchCart, type CartWithItems } from './cart-api';
import { openCartDrawer } from './cart-drawer';
import { canAddMore, quantityInCart } from './cart-stock';
import { getOrCreateCartSessionId, readCartSessionId } from './session';
import { cartKey } from './useCart';
import { useApplyCartChange } from './useApplyCartChange';

export interface AddToCart {
  /** Adds the product (the variant, when it has several) to the cart: one, or `quantity` of it. Ignored while an add is under way. */
  addToCart: (product: Product, variant?: ProductVariant, quantity?: number) => void;
  /**
   * An add is under way. Buttons show it as `aria-disabled`, not `disabled`: a disabled button
   * drops the keyboard focus to <body>, and the notification could not give it back.
   */
  pending: boolean;
}

interface Addition {
  product: Product;
  variant?: ProductVariant;
  quantity: number;
  /** Where focus was when the shopper asked (the button, disabled while the add is under way). */
  returnFocusTo?: HTMLElement;
}

/**
 * Adds the product to this browser's cart: the cart the header already holds, else the
 * session's, looked up (a 404 means create). A session made just now has no cart to look up.
 */
async function addToBrowserCart({ product, variant, quantity }: Addition, held: (sessionId: string) => CartWithItems | null | undefined): Promise<CartWithItems> {
  const existingSession = readCartSessionId();
  const sessionId = existingSession ?? getOrCreateCartSessionId();
  const cartId = existingSession ? (held(sessionId)?.cart.id ?? (await fetchCart(sessionId))?.cart.id ?? (await createCart(sessionId)).id) : (await createCart(sessionId)).id;
  return addCartItem(cartId, { productId: product.id, variantId: variant?.id, quantity, price: (variant ?? product).price });
}

/** "Raven Tee has been added to your cart.", or "2 × Raven Tee have been added…" for more than one. */
export function addedText(line: string, quantity: number): string {
  return quantity === 1 ? `${line} has been added to your cart.` : `${quantity} × ${line} have been added to your cart.`;
}

const SOLD_OUT_TOAST: ToastOptions = { title: 'Out of Stock', description: 'This item is currently sold out.', variant: 'destructive' };
const FAILED = 'Failed to add item to cart. Please try again.';

/**
 * The shop's own words for a refused add, chosen by the server's stable code. Where the server's
 * message tells the shopper something they need (how many are left, the most one cart may hold),
 * it follows the shop's words.
 */
function addToCartRefusal(error: unknown): ToastOptions {
  switch (apiErrorOf(error)?.code) {
    case 'OUT_OF_STOCK':
      return SOLD_OUT_TOAST;
    case 'INSUFFICIENT_STOCK':
    case 'LINE_LIMIT': {
      const detail = shopperMessageOf(error);
      return { title: 'Error', description: detail ? `${FAILED} ${detail}` : FAILED, variant: 'destructive' };
    }
    default:
      return { title: 'Error', description: FAILED, variant: 'destructive' };
  }
}

export function useAddToCart(): AddToCart {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const applyCartChange = useApplyCartChange();
  const { added } = useCartListeners();
  const mutation = useMutation({
    mutationFn: (addition: Addition) => addToBrowserCart(addition, (sessionId) => queryClient.getQueryData<CartWithItems | null>(cartKey(sessionId))),
    onSuccess: (data, { product, variant, quantity, returnFocusTo }) => {
      applyCartChange(data);
      added?.(product, variant, quantity, data);
      // The notification leads on: to the cart (its drawer) and to the checkout.
      const description = addedText(lineName(product.name, variant?.name), quantity);
      const itemCount = data.items.reduce((sum, item) => sum + item.quantity, 0);
      // The last unit: the button turns Sold out (disabled) and could not take the focus back, so
      // the drawer opens and takes it, showing the cart the shopper now holds.
      if (!canAddMore(variant ?? product, quantityInCart(data.items, product.id, variant?.id)) && openCartDrawer()) {
        toast({ title: 'Added to Cart', description });
        return;
      }
      toast({ title: 'Added to Cart', description, actions: createElement(AddedToCartActions, { cartId: data.cart.id, itemCount, returnFocusTo }) });
    },
    onError: (error) => {
      console.error('Failed to add item to cart', error);
      toast(addToCartRefusal(error));
    },
    // Stock moves under the shopper (other carts check out, the studio restocks): after an add or a
    // refusal, the product page and the grid show what the server holds now. Not awaited: the
    // button is free again once the add is answered, not once the page has been fetched anew.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: productsKey }),
  });

  const { mutate } = mutation;
  const pending = useRef(false);
  pending.current = mutation.isPending;
  const addToCart = useCallback(
    (product: Product, variant?: ProductVariant, quantity = 1) => {
      if (pending.current) return;
      // A sold-out product or variant is refused here, without a call.
      if (!(variant ?? product).inStock) {
        toast(SOLD_OUT_TOAST);
        return;
      }
      mutate({ product, variant, quantity, returnFocusTo: deepActiveElement() ?? undefined });
    },
    [mutate, toast],
  );

  return { addToCart, pending: mutation.isPending };
}
