import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useProduct, type Product } from '../api/products';
import { addableQuantity, canAddMore, quantityInCart } from '../cart/cart-stock';
import { useAddToCart } from '../cart/useAddToCart';
import { useCart } from '../cart/useCart';
import { CategoryBadge } from '../catalog/CategoryBadge';
import { NotifyMeForm } from '../back-in-stock/NotifyMeForm';
import { OptionPicker } from '../catalog/OptionPicker';
import { PriceTag } from '../catalog/PriceTag';
import { ProductGallery } from '../catalog/ProductGallery';
import { QuantityStepper } from '../catalog/QuantityStepper';
import { SizeGuide } from '../catalog/SizeGuide';
import { formatPrice } from '../lib/money';
import { useVariantChoice } from '../lib/useVariantChoice';
import { addLabel, priceLabel } from '../lib/variants';

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
    content = <ProductDetail key={product.data.id} product={product.data} />;
  }

  return (
    <main id="main" className="page page--product container">
      {content}
    </main>
  );
}

/** `?variant=<variantId>`: the variant chosen, kept in the address so a shared link opens that size. */
const VARIANT_PARAM = 'variant';

/**
 * The buy box (name, price, sizes, stock, Add to Cart) comes before the description, so on a phone
 * it is on the first screen under the picture. No Back to Shop: the header and the browser do that.
 */
function ProductDetail({ product }: { product: Product }) {
  const [params, setParams] = useSearchParams();
  const { choice, variant, choose } = useVariantChoice(product, params.get(VARIANT_PARAM));
  const { addToCart, pending } = useAddToCart();
  // What the stock line and the button speak of: the chosen variant, else the product as a whole.
  const stock = variant ?? product;
  const inCart = quantityInCart(useCart().items, product.id, variant?.id);
  const allInCart = !!variant && variant.inStock && !canAddMore(variant, inCart);
  const soldOut = !stock.inStock;
  // How many to add, brought under what may be added now (another size, or units gone into the cart).
  const addable = variant ? addableQuantity(variant, inCart) : 0;
  const [wanted, setWanted] = useState(1);
  const quantity = Math.max(1, Math.min(wanted, addable));
  const onAddToCart = () => variant && addToCart(product, variant, quantity);

  function onChoose(option: string, value: string) {
    const next = choose(option, value);
    // replace: choosing sizes adds no history entries; the page stays where it is.
    setParams(next ? { [VARIANT_PARAM]: next.id } : {}, { replace: true, preventScrollReset: true });
  }

  return (
    <>
      <title>{`${product.name} — The Dark Circle`}</title>
      <article className="product-detail">
        <ProductGallery images={product.images.length ? product.images : [product.imageUrl]} name={product.name} current={variant?.imageUrl} />
        <div className="product-detail__info">
          <CategoryBadge category={product.category} />
          <h1 className="product-detail__name">{product.name}</h1>
          <PriceTag
            as="p"
            className="price price--large"
            label={variant ? formatPrice(variant.price) : priceLabel(product)}
            compareAtPrice={variant ? variant.compareAtPrice : product.compareAtPrice}
          />
          {product.options.length > 0 && (
            <OptionPicker product={product} choice={choice} onChoose={onChoose} guide={product.sizeGuide && <SizeGuide productName={product.name} text={product.sizeGuide} />} />
          )}

          <div className="stock">
            <span className={`stock__state ${stock.inStock ? 'stock__state--in' : 'stock__state--out'}`}>{stock.inStock ? 'IN STOCK' : 'OUT OF STOCK'}</span>
            {stock.stockQuantity > 0 && <span className="stock__count">{stock.stockQuantity} available</span>}
            {inCart > 0 && <span className="stock__count">{inCart} in your cart</span>}
          </div>

          {/* The quantity beside the button, not above it: on a phone the button stays on the first screen. */}
          <div className="buy-row">
            <QuantityStepper value={quantity} max={Math.max(addable, 1)} onChange={(next) => setWanted((w) => next(Math.max(1, Math.min(w, addable))))} disabled={addable === 0} />
            <button
              type="button"
              className="button button--large buy-row__add"
              onClick={onAddToCart}
              disabled={!variant?.inStock || allInCart}
              aria-disabled={pending || undefined}
              aria-describedby={allInCart ? 'all-in-cart-note' : undefined}
            >
              {addLabel(product, choice, variant)}
            </button>
          </div>
          {soldOut && <p className="muted">This item is currently out of stock. Check back soon!</p>}
          {variant && !variant.inStock && product.options.length > 0 && <NotifyMeForm key={variant.id} productId={product.id} variantId={variant.id} sizeName={sizeName(product, variant)} />}
          {allInCart && (
            <p id="all-in-cart-note" className="muted">
              All available units are in your cart.
            </p>
          )}
          <p className="product-detail__description">{product.description}</p>
        </div>
      </article>
    </>
  );
}

/** "size M" for a product with one option, else the variant's name ("M / Black"). */
function sizeName(product: Product, variant: Product['variants'][number]): string {
  const [only] = product.options;
  return product.options.length === 1 ? `${only.name.toLowerCase()} ${variant.options[only.name]}` : variant.name;
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
