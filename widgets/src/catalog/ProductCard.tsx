import { useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Product } from '../api/products';
import { canAddMore } from '../cart/cart-stock';
import { useAddToCart } from '../cart/useAddToCart';
import { needsChoice, priceLabel } from '../lib/variants';
import { PriceTag } from './PriceTag';
import { CategoryBadge } from './CategoryBadge';
import { ProductImage } from './ProductImage';
import { VariantSheet } from './VariantSheet';

/** `inCart`: how many of the product (all its variants) the shopper's cart already holds. */
export function ProductCard({ product, inCart }: { product: Product; inCart: number }) {
  const navigate = useNavigate();
  const { addToCart, pending } = useAddToCart();
  const [picking, setPicking] = useState(false);
  const choose = needsChoice(product);
  // Of a product with sizes, the sheet tells what is left of each.
  const allInCart = !choose && product.inStock && !canAddMore(product, inCart);
  const href = `/product/${product.id}`;

  function openProduct(event: MouseEvent<HTMLElement>) {
    // The title link and the button handle their own clicks.
    if ((event.target as HTMLElement).closest('a, button')) return;
    navigate(href);
  }

  // The original design only logged here; a shopper expects the button to add, as the product page
  // does. A product with sizes asks which one first.
  function onAddToCart(event: MouseEvent<HTMLButtonElement>) {
    event.stopPropagation();
    if (choose) setPicking(true);
    else addToCart(product, product.variants[0]);
  }

  return (
    <>
      <article data-testid="product-card" part="card" className={`card${product.inStock ? '' : ' card--sold-out'}`} onClick={openProduct}>
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
            <PriceTag label={priceLabel(product)} compareAtPrice={product.compareAtPrice} />
            <button
              type="button"
              className="button button--small"
              part="button"
              onClick={onAddToCart}
              disabled={!product.inStock || allInCart}
              aria-disabled={pending || undefined}
              aria-haspopup={choose ? 'dialog' : undefined}
            >
              {!product.inStock ? 'Sold out' : allInCart ? 'All in Cart' : choose ? 'Choose options' : 'Add to Cart'}
            </button>
          </div>
        </div>
      </article>
      {picking && <VariantSheet product={product} onClose={() => setPicking(false)} />}
    </>
  );
}
