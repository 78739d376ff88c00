import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { serverMessageOf, type AdminProduct, type AdminProductVariant } from '@dark-circle/api-client';
import { DraftBadge } from './DraftBadge';
import { UnsavedBadge } from './UnsavedBadge';
import { isSized, priceText, waitingText } from './sizes';
import { useSetStock } from './useSetStock';

/** The compact view: one row per product, its stock typed in place (saved on Enter or leaving the field); a sized product has a sub-row per variant. */
export function ProductTable({ products, categoryLabel }: { products: AdminProduct[]; categoryLabel: (slug: string) => string }) {
  return (
    <div className="table-wrap">
      <table className="data-table inventory-table" aria-label="Products">
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
            <ProductRows key={p.id} product={p} categoryLabel={categoryLabel(p.category)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProductRows({ product, categoryLabel }: { product: AdminProduct; categoryLabel: string }) {
  const sized = isSized(product);
  const waiting = sized ? '' : waitingText(product.variants[0]?.waiting ?? 0);
  return (
    <>
      <tr data-testid="inventory-row">
        <td>{product.imageUrl ? <img className="thumb" src={product.imageUrl} alt="" width={40} height={40} loading="lazy" /> : <div className="thumb" />}</td>
        <td className="product-name">
          <Link to={`/admin/history/product/${product.id}`}>{product.name}</Link>
          {waiting && <span className="badge">{waiting}</span>}
          <DraftBadge product={product} />
        </td>
        <td>{categoryLabel}</td>
        <td className="num">{priceText(product)}</td>
        {sized ? (
          <td colSpan={2} className="muted">
            {product.variants.length} variants, {product.stockQuantity} on hand
          </td>
        ) : (
          <StockCells product={product} label={product.name} />
        )}
      </tr>
      {sized &&
        product.variants.map((v) => (
          <tr key={v.id} className="variant-row" data-testid="inventory-variant-row">
            <td />
            <td colSpan={2}>
              <span className="variant-name">{v.name}</span>
              {v.sku && <span className="muted mono"> {v.sku}</span>}
              {v.waiting > 0 && <span className="badge">{waitingText(v.waiting)}</span>}
            </td>
            <td className="num">${v.price}</td>
            <StockCells product={product} variant={v} label={`${product.name}, ${v.name}`} />
          </tr>
        ))}
    </>
  );
}

const WHOLE = /^\d+$/;

/** The stock and in-stock cells of a one-variant product, or of one variant of a sized one. `label` names it ("Raven Hoodie, M"). */
function StockCells({ product, variant, label }: { product: AdminProduct; variant?: AdminProductVariant; label: string }) {
  const target = variant ?? product;
  const stock = useSetStock(product, variant);
  const [typed, setTyped] = useState(String(target.stockQuantity));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setTyped(String(target.stockQuantity)), [target.stockQuantity]);

  const commit = () => {
    const text = typed.trim();
    if (!WHOLE.test(text)) {
      setProblem('Enter a whole number of units, 0 or more.');
      return;
    }
    setProblem(null);
    const units = Number(text);
    if (units !== target.stockQuantity) stock.mutate({ inStock: units > 0, stockQuantity: units });
  };
  const error = problem ?? (stock.isError ? (serverMessageOf(stock.error) ?? 'Failed to update stock levels') : null);
  const errorId = `stock-error-${variant?.id ?? product.id}`;
  const unsaved = typed.trim() !== String(target.stockQuantity);

  return (
    <>
      <td className="stock-cell">
        <input
          type="number"
          min="0"
          step="1"
          inputMode="numeric"
          value={typed}
          aria-label={`Stock of ${label}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={stock.isPending}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={commit}
          // Enter leaves the field, whose blur saves: one request, not two.
          onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
        />
        {unsaved && <UnsavedBadge saving={stock.isPending} />}
        {target.reservedQuantity > 0 && <span className="muted"> ({target.reservedQuantity} held)</span>}
        {error && (
          <p id={errorId} className="error-text" role="alert">
            {error}
          </p>
        )}
      </td>
      <td>
        <label className="check">
          <input type="checkbox" checked={target.inStock} disabled={stock.isPending} onChange={(e) => stock.mutate({ inStock: e.target.checked, stockQuantity: target.stockQuantity })} />
          <span className="visually-hidden">{label} in stock</span>
        </label>
      </td>
    </>
  );
}
