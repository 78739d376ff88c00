import type { Product } from '../api/products';
import { quantityInCart } from '../cart/cart-stock';
import { useCart } from '../cart/useCart';
import { ProductCard } from './ProductCard';
import { SkeletonCard } from './SkeletonCard';

const SKELETON_COUNT = 8;

/** A grid of product cards in the order given (a category's pieces, a search's results), or skeletons while `products` loads. */
export function ProductList({ products, label }: { products: readonly Product[] | undefined; label: string }) {
  const cartItems = useCart().items;
  return (
    <div aria-busy={products ? undefined : true}>
      {!products && (
        <p className="visually-hidden" role="status">
          Loading products…
        </p>
      )}
      <ul className="product-grid" aria-label={label}>
        {products
          ? products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} inCart={quantityInCart(cartItems, product.id)} />
              </li>
            ))
          : Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <li key={`skeleton-${i}`}>
                <SkeletonCard />
              </li>
            ))}
      </ul>
    </div>
  );
}
