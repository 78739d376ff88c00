import type { Product } from '../api/schema';
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
