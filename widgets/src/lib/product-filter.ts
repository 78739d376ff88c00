import type { Product } from '../api/products';

/** 'all', 'sold-out', or a category slug. */
export type ShopFilter = string;
export const ALL: ShopFilter = 'all';
export const SOLD_OUT: ShopFilter = 'sold-out';

/** All and each category show in-stock items only; sold-out shows only out-of-stock ones. */
export function filterProducts(products: readonly Product[], filter: ShopFilter): Product[] {
  if (filter === SOLD_OUT) return products.filter((p) => !p.inStock);
  if (filter === ALL) return products.filter((p) => p.inStock);
  return products.filter((p) => p.inStock && p.category === filter);
}
