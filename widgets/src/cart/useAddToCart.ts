import type { Product } from '../api/types';

export interface AddToCart {
  /** Adds one of the product to the cart; undefined until the cart issue wires it up. */
  addToCart: ((product: Product) => void) | undefined;
  pending: boolean;
}

/** Placeholder for the cart issue: the product page already calls whatever this returns. */
export function useAddToCart(): AddToCart {
  return { addToCart: undefined, pending: false };
}
