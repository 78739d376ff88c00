import type { Product } from '@dark-circle/api-client';
import type { CartItem } from './cart-api';

/** How many of the product the cart already holds (all its lines together). */
export function quantityInCart(items: readonly CartItem[], productId: number): number {
  return items.reduce((sum, item) => (item.productId === productId ? sum + item.quantity : sum), 0);
}

/**
 * The server refuses a cart holding more than is available, so once the cart holds every unit the
 * storefront offers no button that could only be refused.
 */
export function canAddMore(product: Product, inCart: number): boolean {
  return product.inStock && inCart < product.stockQuantity;
}

/**
 * How many units of the product the cart may hold: what the catalogue says is available (0 once it
 * is sold out). `undefined` while the catalogue is unknown: the server's answer then decides.
 */
export function availableOf(products: readonly Product[] | undefined, productId: number): number | undefined {
  const product = products?.find((p) => p.id === productId);
  if (!product) return undefined;
  return product.inStock ? product.stockQuantity : 0;
}
