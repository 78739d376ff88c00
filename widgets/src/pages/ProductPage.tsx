import { useNavigate, useParams } from 'react-router';
import { useProduct } from '../api/products';
import type { Product } from '@dark-circle/api-client';
import { canAddMore, quantityInCart } from '../cart/cart-stock';
import { useAddToCart } from '../cart/useAddToCart';
import { useCart } from '../cart/useCart';
import { CategoryBadge } from '../components/CategoryBadge';
import { ProductImage } from '../components/ProductImage';
import { formatPrice } from '../lib/money';

/** The id is read as an integer, 0 when missing or not a number. */
function readId(raw: string | undefined): number {
  const id = parseInt(raw ?? '', 10);
  return Number.isNaN(id) ? 0 : id;
}

export function ProductPage() {
  const id = readId(useParams().id);
  const product = useProduct(id);
  const navigate = useNavigate();
  const backToShop = () => navigate('/#shop');

  let content;
  if (id <= 0 || product.isError) {
    content = (
      <div className="notice product-missing">
        <title>Product not found — The Dark Circle</title>
        <h1>PRODUCT NOT FOUND</h1>
        <button type="button" className="button" onClick={backToShop}>
          BACK TO SHOP
        </button>
      </div>
    );
  } else if (product.isPending) {
    content = <ProductSkeleton />;
  } else {
    content = <ProductDetail product={product.data} onBack={backToShop} />;
  }

  return (
    <main id="main" className="page container">
      {content}
    </main>
  );
}

function ProductDetail({ product, onBack }: { product: Product; onBack: () => void }) {
  const { addToCart, pending } = useAddToCart();
  const onAddToCart = () => addToCart(product);
  const inCart = quantityInCart(useCart().items, product.id);
  const allInCart = product.inStock && !canAddMore(product, inCart);

  return (
    <>
      <title>{`${product.name} — The Dark Circle`}</title>
      <button type="button" className="button button--ghost back-link" onClick={onBack}>
        <span aria-hidden="true">← </span>Back to Shop
      </button>
      <article className="product-detail">
        <ProductImage src={product.imageUrl} alt={product.name} className="product-detail__image" priority />
        <div className="product-detail__info">
          <CategoryBadge category={product.category} />
          <h1 className="product-detail__name">{product.name}</h1>
          <p className="price price--large">{formatPrice(product.price)}</p>
          <p className="product-detail__description">{product.description}</p>

          <div className="stock">
            <span className={`stock__state ${product.inStock ? 'stock__state--in' : 'stock__state--out'}`}>{product.inStock ? 'IN STOCK' : 'OUT OF STOCK'}</span>
            {product.stockQuantity > 0 && <span className="stock__count">{product.stockQuantity} available</span>}
            {inCart > 0 && <span className="stock__count">{inCart} in your cart</span>}
          </div>

          <button
            type="button"
            className="button button--large"
            onClick={onAddToCart}
            disabled={!product.inStock || allInCart || pending}
            aria-describedby={allInCart ? 'all-in-cart-note' : undefined}
          >
            {product.inStock ? 'Add to Cart' : 'SOLD OUT'}
          </button>
          {!product.inStock && <p className="muted">This item is currently out of stock. Check back soon!</p>}
          {allInCart && (
            <p id="all-in-cart-note" className="muted">
              All available units are in your cart.
            </p>
          )}
        </div>
      </article>
    </>
  );
}

function ProductSkeleton() {
  return (
    <div data-testid="product-skeleton" className="product-detail product-detail--skeleton" aria-busy="true">
      <title>The Dark Circle — Gothic Embroidery</title>
      <p className="visually-hidden" role="status">
        Loading product…
      </p>
      <div className="product-image skeleton" />
      <div className="product-detail__info">
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton skeleton--line skeleton--title" />
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--button" />
      </div>
    </div>
  );
}
