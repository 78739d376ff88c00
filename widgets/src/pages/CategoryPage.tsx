import { Link, useParams } from 'react-router';
import { useCategories } from '../api/categories';
import { useProducts } from '../api/products';
import { ProductList } from '../catalog/ProductList';
import { NotFoundPage } from './NotFoundPage';

/**
 * A category's own page, `/shop/<slug>` (the sitemap lists them): its pieces, those in stock first,
 * then the sold-out ones (the studio's originals are its portfolio), and the way to the others. Its
 * title is the category's label, so the build draws each with the categories at hand, and the
 * browser fetches them before it adopts that drawing (`main.tsx`).
 */
export function CategoryPage() {
  const { slug = '' } = useParams();
  const categories = useCategories();
  const products = useProducts();
  const category = categories.data?.find((c) => c.slug === slug);
  if (categories.data && !category) return <NotFoundPage />;
  const label = category?.label ?? '';
  const held = products.data?.filter((p) => p.category === slug);
  const ordered = held && [...held.filter((p) => p.inStock), ...held.filter((p) => !p.inStock)];

  return (
    <main id="main" className="page container category-page">
      <title>{label ? `${label} — The Dark Circle` : 'Shop — The Dark Circle'}</title>
      <h1 className="page__title">{label || 'Shop'}</h1>
      <nav className="category-page__nav" aria-label="Categories">
        <ul>
          {categories.data?.map((c) => (
            <li key={c.slug}>
              <Link to={`/shop/${c.slug}`} className="filter__button" aria-current={c.slug === slug ? 'page' : undefined}>
                {c.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {products.isError ? (
        <p className="notice notice--error" role="alert">
          Failed to load products. Please try again later.
        </p>
      ) : ordered && ordered.length === 0 ? (
        <div className="notice">
          <h2>Nothing here yet</h2>
          <p>
            <Link to="/#shop">See the whole shop</Link>
          </p>
        </div>
      ) : (
        <ProductList products={ordered} label={label || 'Products'} />
      )}
    </main>
  );
}
