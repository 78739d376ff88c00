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
