import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';
import { httpStatusOf, serverMessageOf } from '../api/http';
import type { Product } from '../api/types';
import { useToast } from '../toast/toast-context';
import { addCartItem, createCart, fetchCart, type CartWithItems } from './cart-api';
import { getOrCreateCartSessionId } from './session';
import { useApplyCartChange } from './useApplyCartChange';

export interface AddToCart {
  /** Adds one of the product to the cart. */
  addToCart: (product: Product) => void;
  pending: boolean;
}

/** Find the session's cart (creating it on a 404), then add one of the product. */
async function addOneToCart(product: Product): Promise<CartWithItems> {
  const sessionId = getOrCreateCartSessionId();
  const existing = await fetchCart(sessionId);
  const cartId = existing ? existing.cart.id : (await createCart(sessionId)).id;
  return addCartItem(cartId, { productId: product.id, quantity: 1, price: product.price });
}

export function useAddToCart(): AddToCart {
  const { toast } = useToast();
  const applyCartChange = useApplyCartChange();
  const mutation = useMutation({
    mutationFn: addOneToCart,
    onSuccess: (data, product) => {
      applyCartChange(data);
      toast({ title: 'Added to Cart', description: `${product.name} has been added to your cart.` });
    },
    onError: (error) => {
      console.error('Failed to add item to cart', error);
      // A 409 says what is left in stock ("Only 2 of … left."), which helps more than a retry hint.
      const conflict = httpStatusOf(error) === 409 ? serverMessageOf(error) : undefined;
      toast({ title: 'Error', description: conflict ?? 'Failed to add item to cart. Please try again.', variant: 'destructive' });
    },
  });

  const { mutate } = mutation;
  const addToCart = useCallback(
    (product: Product) => {
      // A sold-out product is refused here, without a call.
      if (!product.inStock) {
        toast({ title: 'Out of Stock', description: 'This item is currently sold out.', variant: 'destructive' });
        return;
      }
      mutate(product);
    },
    [mutate, toast],
  );

  return { addToCart, pending: mutation.isPending };
}
