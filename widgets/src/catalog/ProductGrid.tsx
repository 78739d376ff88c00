import { useCallback, useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useCategories } from '../api/categories';
import { useProducts } from '../api/products';
import { useShopFilter } from '../lib/useShopFilter';
import { NewsletterCard } from '../newsletter/NewsletterCard';
import { CategoryFilter } from './CategoryFilter';
import { ShopResults } from './ShopResults';

/** The shop: category filter plus the product grid with its loading, empty and error states. */
// The newsletter card under the first row of products: the first screen shows the work.
const newsletter = <NewsletterCard />;

export function ProductGrid() {
  const query = useProducts();
  // The grid follows the catalogue at a lower priority: its first render with the products (a dozen
  // cards) yields to the browser like a transition instead of holding the main thread.
  const products = useDeferredValue(query.data);
  const categories = useCategories();
  const { filter, setFilter, showSoldOut, showSoldOutHref } = useShopFilter(categories.data?.map((c) => c.slug));
  // Stable, so the memoised results render again only when what they show changes.
  const soldOutLink = useCallback(
    (count: number) => (
      <Link to={showSoldOutHref} replace preventScrollReset className="notice__link">
        See {count} sold-out {count === 1 ? 'piece' : 'pieces'}
      </Link>
    ),
    [showSoldOutHref],
  );

  return (
    <div className="shop">
      <CategoryFilter categories={categories.data ?? []} value={filter} onChange={setFilter} />
      <ShopResults filter={filter} products={products} failed={query.isError} showSoldOut={showSoldOut} soldOutLink={soldOutLink} aside={newsletter} />
    </div>
  );
}
