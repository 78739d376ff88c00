import { conflict, type ErrorDetails } from '../platform/errors/domain-error';

/**
 * The one rule (and the one wording) for "is there enough of it": used when adding to a cart, when
 * checking out, and when a checkout reserves the units.
 */
export function assertAvailable(product: { name: string; inStock: boolean; available: number; productId?: number }, wanted: number): void {
  const available = product.inStock ? Math.max(0, product.available) : 0;
  const where: ErrorDetails = product.productId === undefined ? {} : { productId: product.productId };
  if (available <= 0) throw conflict(`${product.name} is sold out.`, 'OUT_OF_STOCK', { ...where, available: 0 });
  if (wanted > available) throw conflict(`Only ${available} of ${product.name} left.`, 'INSUFFICIENT_STOCK', { ...where, available });
}

/**
 * The inventory's rule: a quantity above 0 means in stock and 0 sold out, unless the operator says
 * otherwise (the Mark Sold Out / Mark In Stock toggle keeps the quantity and flips only the flag).
 */
export function stockFrom(given: { inStock?: boolean; stockQuantity: number }): { inStock: boolean; stockQuantity: number } {
  return { inStock: given.inStock ?? given.stockQuantity > 0, stockQuantity: given.stockQuantity };
}
