import { memo, useDeferredValue, useState } from 'react';
import { useCategories } from '../api/categories';
import { useProducts } from '../api/products';
import type { Product } from '../api/schema';
import { quantityInCart } from '../cart/cart-stock';
import { useCart } from '../cart/useCart';
import { ALL, SOLD_OUT, filterProducts, type ShopFilter } from '../lib/product-filter';
import { CategoryFilter } from './CategoryFilter';
import { ProductCard } from './ProductCard';
import { SkeletonCard } from './SkeletonCard';

const SKELETON_COUNT = 8;

/** The shop: category filter plus the product grid with its loading, empty and error states. */
export function ProductGrid() {
  const [filter, setFilter] = useState<ShopFilter>(ALL);
  const query = useProducts();
  // The grid follows the catalogue at a lower priority: its first render with the products (a dozen
  // cards) yields to the browser like a transition instead of holding the main thread.
  const products = useDeferredValue(query.data);
  const categories = useCategories();

  return (
    <div className="shop">
      <CategoryFilter categories={categories.data ?? []} value={filter} onChange={setFilter} />
      <ShopResults filter={filter} products={products} failed={query.isError} />
    </div>
  );
}

/** The grid's states for one filter; `limit` caps the cards (the embedded grid's `limit`). */
export const ShopResults = memo(function ShopResults({
  filter,
  products,
  failed,
  limit,
}: {
  filter: ShopFilter;
  products: Product[] | undefined;
  failed: boolean;
  limit?: number;
}) {
  const cartItems = useCart().items;
  if (failed) {
    return (
      <p className="notice notice--error" role="alert">
        Failed to load products. Please try again later.
      </p>
    );
  }

  if (!products) {
    return (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">Loading products…</p>
        <ul className="product-grid">
          {Array.from({ length: SKELETON_COUNT }, (_, i) => (
            <li key={i}>
              <SkeletonCard />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  const visible = filterProducts(products, filter).slice(0, limit);
  if (visible.length === 0) {
    return filter === SOLD_OUT ? (
      <div className="notice">
        <h3>No Sold Out Items</h3>
        <p>All items are currently in stock!</p>
      </div>
    ) : (
      <div className="notice">
        <h3>No Products Found</h3>
      </div>
    );
  }

  return (
    <ul className="product-grid">
      {visible.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} inCart={quantityInCart(cartItems, product.id)} />
        </li>
      ))}
    </ul>
  );
});
