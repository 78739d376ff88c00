import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getJson } from '../api/http';
import type { AdminProduct } from '../api/schema';
import { ProductForm } from './ProductForm';
import { ProductCard } from './ProductCard';

export function InventoryPage() {
  const [adding, setAdding] = useState(false);
  const products = useQuery({ queryKey: ['/api/admin/products'], queryFn: () => getJson<AdminProduct[]>('/api/admin/products') });
  if (products.isPending) return <h1>Loading Inventory...</h1>;
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
      <div className="product-grid">
        {products.data?.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </div>
    </>
  );
}
