import type { Product } from '../api/products';
import type { CartItem } from './cart-api';

/** What can be bought of a product or of one of its variants. */
type Stock = Pick<Product, 'inStock' | 'stockQuantity'>;

/**
 * How many of the product the cart already holds: of one variant when `variantId` is given (two
 * sizes are two lines), else of all its lines together.
 */
export function quantityInCart(items: readonly CartItem[], productId: number, variantId?: string): number {
  return items.reduce((sum, item) => (item.productId === productId && (variantId === undefined || item.variantId === variantId) ? sum + item.quantity : sum), 0);
}

/** The most of one line a cart may hold: the server's limit (it refuses more, and has the last word). */
export const MAX_LINE_QUANTITY = 99;

/**
 * How many more of the product or variant may be added: what is left of it beside what the cart
 * holds, under the line limit. 0 when none.
 */
export function addableQuantity(stock: Stock, inCart: number): number {
  if (!stock.inStock) return 0;
  return Math.max(0, Math.min(stock.stockQuantity, MAX_LINE_QUANTITY) - inCart);
}

/**
 * The server refuses a cart holding more than is available, so once the cart holds every unit the
 * storefront offers no button that could only be refused.
 */
export function canAddMore(stock: Stock, inCart: number): boolean {
  return stock.inStock && inCart < stock.stockQuantity;
}

/**
 * How many units of the line's variant the cart may hold: what the catalogue says is available (0
 * once it is sold out). `undefined` while the catalogue is unknown: the server's answer then decides.
 */
export function availableOf(products: readonly Product[] | undefined, productId: number, variantId?: string): number | undefined {
  const product = products?.find((p) => p.id === productId);
  if (!product) return undefined;
  const stock: Stock | undefined = variantId ? product.variants.find((v) => v.id === variantId) : product;
  // A variant no longer on sale: none may be added.
  if (!stock) return 0;
  return stock.inStock ? stock.stockQuantity : 0;
}
