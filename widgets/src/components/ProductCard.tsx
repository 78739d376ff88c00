import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Product } from '../api/types';
import { formatPrice } from '../lib/money';
import { CategoryBadge } from './CategoryBadge';
import { ProductImage } from './ProductImage';

export function ProductCard({ product }: { product: Product }) {
  const navigate = useNavigate();
  const href = `/product/${product.id}`;

  function openProduct(event: MouseEvent<HTMLElement>) {
    // The title link and the button handle their own clicks.
    if ((event.target as HTMLElement).closest('a, button')) return;
    navigate(href);
  }

  function addToCart(event: MouseEvent<HTMLButtonElement>) {
    event.stopPropagation();
    // The card's button only logs; adding to the cart happens on the product page.
    console.log('Add to cart clicked', product.id);
  }

  return (
    <article data-testid="product-card" className={`card${product.inStock ? '' : ' card--sold-out'}`} onClick={openProduct}>
      <div className="card__media">
        <ProductImage src={product.imageUrl} alt={product.name} />
        {!product.inStock && <div className="card__overlay">SOLD OUT</div>}
      </div>
      <div className="card__body">
        <CategoryBadge category={product.category} />
        <h3 className="card__title">
          <Link to={href}>{product.name}</Link>
        </h3>
        <div className="card__footer">
          <span className="price">{formatPrice(product.price)}</span>
          <button type="button" className="button button--small" onClick={addToCart} disabled={!product.inStock}>
            Add to Cart
          </button>
        </div>
      </div>
    </article>
  );
}
