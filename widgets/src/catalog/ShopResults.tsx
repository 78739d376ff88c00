import { memo, type ReactNode } from 'react';
import type { Product } from '../api/products';
import { quantityInCart } from '../cart/cart-stock';
import { useCart } from '../cart/useCart';
import { ALL, SOLD_OUT, filterProducts, type ShopFilter } from '../lib/product-filter';
import { ProductCard } from './ProductCard';
import { SkeletonCard } from './SkeletonCard';

const SKELETON_COUNT = 8;

/**
 * The grid's states for one filter; `limit` caps the cards (the embedded grid's `limit`). A
 * category with nothing in stock may offer its sold-out pieces (`soldOutLink`, shown by
 * `showSoldOut`): the studio's one-of-a-kind originals are its portfolio even once sold. `aside`
 * (the home page's newsletter card) stands across the grid under the first row of cards, whatever
 * the number of columns, or under the notice when there are no cards.
 */
export const ShopResults = memo(function ShopResults({
  filter,
  products,
  failed,
  limit,
  showSoldOut = false,
  soldOutLink,
  aside,
}: {
  filter: ShopFilter;
  products: Product[] | undefined;
  failed: boolean;
  limit?: number;
  showSoldOut?: boolean;
  soldOutLink?: (count: number) => ReactNode;
  aside?: ReactNode;
}) {
  const cartItems = useCart().items;
  if (failed) {
    return (
      <>
        <p className="notice notice--error" role="alert">
          Failed to load products. Please try again later.
        </p>
        {aside}
      </>
    );
  }

  if (!products) {
    return (
      <Grid busy aside={aside}>
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          // Keys of their own: a skeleton reused as the card of the same number would move (a layout shift).
          <li key={`skeleton-${i}`}>
            <SkeletonCard />
          </li>
        ))}
      </Grid>
    );
  }

  const visible = filterProducts(products, filter).slice(0, limit);
  // A category's pieces that are sold out (the category's own filter shows only what is in stock).
  const soldOut = filter === ALL || filter === SOLD_OUT ? [] : filterProducts(products, SOLD_OUT).filter((p) => p.category === filter);
  if (visible.length === 0) {
    return filter === SOLD_OUT ? (
      <>
        <div className="notice">
          <h3>No Sold Out Items</h3>
          <p>All items are currently in stock!</p>
        </div>
        {aside}
      </>
    ) : (
      <>
        <div className="notice">
          <h3>No Products Found</h3>
          {soldOut.length > 0 && !showSoldOut && soldOutLink?.(soldOut.length)}
        </div>
        {showSoldOut ? <Grid aside={aside}>{cards(soldOut, cartItems)}</Grid> : aside}
      </>
    );
  }

  return <Grid aside={aside}>{cards(visible, cartItems)}</Grid>;
});

/**
 * The list of cards (or of skeletons while loading), and `aside` across its second row. Loading and
 * loaded are one element in one place, so the aside (a form being typed into) lives on when the
 * cards arrive.
 */
function Grid({ busy = false, aside, children }: { busy?: boolean; aside?: ReactNode; children: ReactNode }) {
  return (
    <div aria-busy={busy || undefined}>
      {busy && (
        <p className="visually-hidden" role="status">
          Loading products…
        </p>
      )}
      <ul className="product-grid">
        {children}
        {aside && <li className="product-grid__aside">{aside}</li>}
      </ul>
    </div>
  );
}

function cards(products: readonly Product[], cartItems: ReturnType<typeof useCart>['items']) {
  return products.map((product) => (
    <li key={product.id}>
      <ProductCard product={product} inCart={quantityInCart(cartItems, product.id)} />
    </li>
  ));
}
