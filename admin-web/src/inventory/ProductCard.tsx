import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminProduct, AdminProductVariant } from '@dark-circle/api-client';
import { DraftBadge } from './DraftBadge';
import { UnsavedBadge } from './UnsavedBadge';
import { ProductForm } from './ProductForm';
import { isSized, priceText, waitingText } from './sizes';
import { onSale, unitsFrom, useSetStock } from './useSetStock';

/**
 * One product in the inventory: a typed quantity sets in stock (above 0) or sold out; the toggle
 * keeps the quantity. A sized product has both per variant. `categoryLabel`: its category as the shop names it ("Framed Art").
 */
export function ProductCard({ product, categoryLabel }: { product: AdminProduct; categoryLabel: string }) {
  const [imageFailed, setImageFailed] = useState(false);
  const [editing, setEditing] = useState(false);

  const others = (
    <>
      <button type="button" className="link-button" onClick={() => setEditing(true)}>
        Edit
      </button>
      <Link to={`/admin/history/product/${product.id}`}>History</Link>
    </>
  );

  if (editing) return <ProductForm product={product} onDone={() => setEditing(false)} />;
  return (
    <article className="product-card" data-testid="inventory-product">
      {product.imageUrl && !imageFailed ? <img src={product.imageUrl} alt={product.name} onError={() => setImageFailed(true)} /> : <div className="no-image">No Image</div>}
      <div className="product-body">
        <h3>{product.name}</h3>
        {product.status === 'draft' && (
          <p>
            <DraftBadge product={product} />
          </p>
        )}
        <p className="muted">{product.description}</p>
        <p>
          <span className="badge">{categoryLabel}</span> <strong>{priceText(product)}</strong>
        </p>
        {isSized(product) ? (
          <>
            <ul className="variant-stock" aria-label={`Stock of ${product.name} by variant`}>
              {product.variants.map((v) => (
                <li key={v.id} data-testid="inventory-variant">
                  <StockControls product={product} variant={v} />
                </li>
              ))}
            </ul>
            <div className="actions">{others}</div>
          </>
        ) : (
          <StockControls product={product}>{others}</StockControls>
        )}
      </div>
    </article>
  );
}

/** The stock of a one-variant product, or of one variant of a sized one: what shoppers see, the quantity and the toggle (beside `children`, the card's other actions). */
function StockControls({ product, variant, children }: { product: AdminProduct; variant?: AdminProductVariant; children?: ReactNode }) {
  const target = variant ?? product;
  const [quantity, setQuantity] = useState(String(target.stockQuantity));
  useEffect(() => setQuantity(String(target.stockQuantity)), [target.stockQuantity]);
  const stock = useSetStock(product, variant);
  const sale = onSale(target);
  const waiting = waitingText((variant ?? product.variants[0])?.waiting ?? 0);
  const toggle = target.inStock ? 'Mark Sold Out' : 'Mark In Stock';

  const commitQuantity = () => {
    const next = unitsFrom(quantity);
    setQuantity(String(next));
    if (next !== target.stockQuantity) stock.mutate({ inStock: next > 0, stockQuantity: next });
  };

  const quantityField = (
    <label className="inline">
      {/* A variant's line is narrow: its field is named by the variant above it (and fully for screen readers). */}
      <span className={variant ? 'visually-hidden' : undefined}>Quantity</span>
      <input
        type="number"
        min="0"
        step="1"
        value={quantity}
        aria-label={`Stock quantity of ${variant ? `${product.name}, ${variant.name}` : product.name}`}
        onChange={(e) => setQuantity(e.target.value)}
        onBlur={commitQuantity}
        onKeyDown={(e) => e.key === 'Enter' && commitQuantity()}
      />
      {quantity.trim() !== String(target.stockQuantity) && <UnsavedBadge saving={stock.isPending} />}
    </label>
  );
  const toggleButton = (
    <button
      type="button"
      className={variant ? 'button button-quiet button-small' : 'button'}
      disabled={stock.isPending}
      aria-label={variant ? `${toggle}: ${variant.name}` : undefined}
      onClick={() => stock.mutate({ inStock: !target.inStock, stockQuantity: target.stockQuantity })}
    >
      {toggle}
    </button>
  );

  const badges = (
    <>
      <span className={`badge ${sale ? 'badge-ok' : 'badge-out'}`} data-testid="shoppers-see">
        {sale ? 'In Stock' : 'Sold Out'}
      </span>
      {waiting && (
        <>
          {' '}
          <span className="badge">{waiting}</span>
        </>
      )}
    </>
  );

  return (
    <>
      {variant ? (
        // A variant's line is short: its quantity shows in the field below.
        <p className="variant-head">
          <strong>{variant.name}</strong>
          {product.priceMax !== product.price && <span className="muted"> ${variant.price}</span>} {badges}
          {variant.reservedQuantity > 0 && <span className="muted"> ({variant.reservedQuantity} held by checkouts)</span>}
        </p>
      ) : (
        <p>
          Stock: {product.stockQuantity}
          {product.reservedQuantity > 0 && ` (${product.reservedQuantity} held by checkouts)`} {badges}
          {product.inStock && !sale && <span className="muted"> (marked in stock, but none to sell: shoppers see it sold out)</span>}
        </p>
      )}
      {variant ? (
        <div className="actions">
          {quantityField}
          {toggleButton}
        </div>
      ) : (
        <>
          {quantityField}
          <div className="actions">
            {toggleButton}
            {children}
          </div>
        </>
      )}
    </>
  );
}
