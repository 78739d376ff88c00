import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ok, type AdminProduct } from '@dark-circle/api-client';
import { api } from '../api/client';
import { ProductForm } from './ProductForm';
import { ProductCard } from './ProductCard';
import { ProductTable } from './ProductTable';
import { useCategories } from './useCategories';
import { ADMIN_PRODUCTS } from './useSetStock';

type View = 'cards' | 'table';
const VIEW_KEY = 'dc-admin-inventory-view';

/** The view the studio chose last time, on this browser. */
function useRememberedView(): [View, (view: View) => void] {
  const [view, setView] = useState<View>(() => (readView() === 'table' ? 'table' : 'cards'));
  return [
    view,
    (next) => {
      setView(next);
      try {
        window.localStorage.setItem(VIEW_KEY, next);
      } catch {
        // storage refused (private mode): the choice lasts for this visit only
      }
    },
  ];
}

function readView(): string | null {
  try {
    return window.localStorage.getItem(VIEW_KEY);
  } catch {
    return null;
  }
}

/** What the search looks in: the product's name, and each variant's as the dashboard names it ("Raven Hoodie, M"). */
const namesOf = (p: AdminProduct) => [p.name, ...p.variants.filter((v) => v.name).map((v) => `${p.name}, ${v.name}`)];

export function InventoryPage() {
  const [adding, setAdding] = useState(false);
  const [view, setView] = useRememberedView();
  // The dashboard's low-stock links open the inventory searched for the product (or its variant).
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [category, setCategory] = useState('');
  const products = useQuery({ queryKey: [ADMIN_PRODUCTS], queryFn: () => ok(api.GET('/api/admin/products')) });
  const categories = useCategories();
  if (products.isPending) return <h1>Loading Inventory...</h1>;

  const needle = search.trim().toLowerCase();
  const shown = (products.data ?? []).filter((p) => (!category || p.category === category) && (!needle || namesOf(p).some((n) => n.toLowerCase().includes(needle))));
  const categoryLabel = (slug: string) => categories.data?.find((c) => c.slug === slug)?.label ?? slug;
  return (
    <>
      <div className="card-head">
        <h1>Inventory Management</h1>
        {!adding && (
          <button type="button" className="button" onClick={() => setAdding(true)}>
            Add New Product
          </button>
        )}
      </div>
      {adding && <ProductForm onDone={() => setAdding(false)} />}
      {products.isError && <p className="error-text">Failed to load products.</p>}
      {products.data?.length === 0 && <p className="muted">No products yet.</p>}
      {!!products.data?.length && (
        <div className="toolbar">
          <label>
            Search products
            <input type="search" value={search} placeholder="Name" onChange={(e) => setSearch(e.target.value)} />
          </label>
          <label>
            Filter by category
            <select value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="">All categories</option>
              {categories.data?.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          <div className="segmented" role="group" aria-label="View">
            <button type="button" aria-pressed={view === 'cards'} onClick={() => setView('cards')}>
              Cards
            </button>
            <button type="button" aria-pressed={view === 'table'} onClick={() => setView('table')}>
              Table
            </button>
          </div>
        </div>
      )}
      {!!products.data?.length && shown.length === 0 && <p className="muted">No product matches.</p>}
      {view === 'table' ? (
        shown.length > 0 && <ProductTable products={shown} categoryLabel={categoryLabel} />
      ) : (
        <div className="product-grid">
          {shown.map((p) => (
            <ProductCard key={p.id} product={p} categoryLabel={categoryLabel(p.category)} />
          ))}
        </div>
      )}
    </>
  );
}
