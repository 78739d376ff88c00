import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AdminProduct } from '@dark-circle/api-client';
import { ProductForm } from './ProductForm';
import { unitsFrom, useSetStock } from './useSetStock';

/**
 * One product in the inventory: a typed quantity sets in stock (above 0) or sold out; the toggle
 * keeps the quantity. `categoryLabel`: its category as the shop names it ("Framed Art").
 */
export function ProductCard({ product, categoryLabel }: { product: AdminProduct; categoryLabel: string }) {
  const [quantity, setQuantity] = useState(String(product.stockQuantity));
  const [imageFailed, setImageFailed] = useState(false);
  const [editing, setEditing] = useState(false);
  useEffect(() => setQuantity(String(product.stockQuantity)), [product.stockQuantity]);

  const stock = useSetStock(product);
  // What the storefront shows: on sale only when marked in stock with units no checkout holds.
  const onSale = product.inStock && product.stockQuantity - product.reservedQuantity > 0;

  const commitQuantity = () => {
    const next = unitsFrom(quantity);
    setQuantity(String(next));
    if (next !== product.stockQuantity) stock.mutate({ inStock: next > 0, stockQuantity: next });
  };

  if (editing) return <ProductForm product={product} onDone={() => setEditing(false)} />;
  return (
    <article className="product-card" data-testid="inventory-product">
      {product.imageUrl && !imageFailed ? <img src={product.imageUrl} alt={product.name} onError={() => setImageFailed(true)} /> : <div className="no-image">No Image</div>}
      <div className="product-body">
        <h3>{product.name}</h3>
        <p className="muted">{product.description}</p>
        <p>
          <span className="badge">{categoryLabel}</span> <strong>${product.price}</strong>
        </p>
        <p>
          Stock: {product.stockQuantity}
          {product.reservedQuantity > 0 && ` (${product.reservedQuantity} held by checkouts)`}{' '}
          <span className={`badge ${onSale ? 'badge-ok' : 'badge-out'}`} data-testid="shoppers-see">
            {onSale ? 'In Stock' : 'Sold Out'}
          </span>
          {product.inStock && !onSale && <span className="muted"> (marked in stock, but none to sell: shoppers see it sold out)</span>}
        </p>
        <label className="inline">
          Quantity
          <input
            type="number"
            min="0"
            step="1"
            value={quantity}
            aria-label={`Stock quantity of ${product.name}`}
            onChange={(e) => setQuantity(e.target.value)}
            onBlur={commitQuantity}
            onKeyDown={(e) => e.key === 'Enter' && commitQuantity()}
          />
        </label>
        <div className="actions">
          <button type="button" className="button" disabled={stock.isPending} onClick={() => stock.mutate({ inStock: !product.inStock, stockQuantity: product.stockQuantity })}>
            {product.inStock ? 'Mark Sold Out' : 'Mark In Stock'}
          </button>
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            Edit
          </button>
          <Link to={`/admin/history/product/${product.id}`}>History</Link>
        </div>
      </div>
    </article>
  );
}
