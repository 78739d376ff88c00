import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { serverMessageOf, type AdminProduct } from '@dark-circle/api-client';
import { useSetStock } from './useSetStock';

/** The compact view: one row per product, its stock typed in place (saved on Enter or leaving the field). */
export function ProductTable({ products, categoryLabel }: { products: AdminProduct[]; categoryLabel: (slug: string) => string }) {
  return (
    <div className="table-wrap">
      <table className="data-table" aria-label="Products">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Image</span>
            </th>
            <th scope="col">Name</th>
            <th scope="col">Category</th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col">Stock</th>
            <th scope="col">In stock</th>
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <ProductRow key={p.id} product={p} categoryLabel={categoryLabel(p.category)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const WHOLE = /^\d+$/;

function ProductRow({ product, categoryLabel }: { product: AdminProduct; categoryLabel: string }) {
  const stock = useSetStock(product);
  const [typed, setTyped] = useState(String(product.stockQuantity));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setTyped(String(product.stockQuantity)), [product.stockQuantity]);

  const commit = () => {
    const text = typed.trim();
    if (!WHOLE.test(text)) {
      setProblem('Enter a whole number of units, 0 or more.');
      return;
    }
    setProblem(null);
    const units = Number(text);
    if (units !== product.stockQuantity) stock.mutate({ inStock: units > 0, stockQuantity: units });
  };
  const error = problem ?? (stock.isError ? (serverMessageOf(stock.error) ?? 'Failed to update stock levels') : null);
  const errorId = `stock-error-${product.id}`;

  return (
    <tr data-testid="inventory-row">
      <td>{product.imageUrl ? <img className="thumb" src={product.imageUrl} alt="" width={40} height={40} loading="lazy" /> : <div className="thumb" />}</td>
      <td>
        <Link to={`/admin/history/product/${product.id}`}>{product.name}</Link>
      </td>
      <td>{categoryLabel}</td>
      <td className="num">${product.price}</td>
      <td>
        <input
          type="number"
          min="0"
          step="1"
          inputMode="numeric"
          value={typed}
          aria-label={`Stock of ${product.name}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={stock.isPending}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={commit}
          // Enter leaves the field, whose blur saves: one request, not two.
          onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
        />
        {product.reservedQuantity > 0 && <span className="muted"> ({product.reservedQuantity} held)</span>}
        {error && (
          <p id={errorId} className="error-text" role="alert">
            {error}
          </p>
        )}
      </td>
      <td>
        <label className="check">
          <input type="checkbox" checked={product.inStock} disabled={stock.isPending} onChange={(e) => stock.mutate({ inStock: e.target.checked, stockQuantity: product.stockQuantity })} />
          <span className="visually-hidden">{product.name} in stock</span>
        </label>
      </td>
    </tr>
  );
}
