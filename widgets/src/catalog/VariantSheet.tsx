import { useEffect, useId, useRef, type MouseEvent } from 'react';
import type { Product } from '../api/products';
import { canAddMore, quantityInCart } from '../cart/cart-stock';
import { useAddToCart } from '../cart/useAddToCart';
import { useCart } from '../cart/useCart';
import { formatPrice } from '../lib/money';
import { useVariantChoice } from '../lib/useVariantChoice';
import { addLabel, priceLabel } from '../lib/variants';
import { OptionPicker } from './OptionPicker';
import { PriceTag } from './PriceTag';

/**
 * A grid card's Add to Cart for a product with several variants: a small modal <dialog> (a sheet
 * from the bottom on a phone) with the options, the choice's price and Add, rather than a guess.
 */
export function VariantSheet({ product, onClose }: { product: Product; onClose: () => void }) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const { choice, variant, choose } = useVariantChoice(product);
  const { addToCart, pending } = useAddToCart();
  const inCart = quantityInCart(useCart().items, product.id, variant?.id);
  const allInCart = !!variant?.inStock && !canAddMore(variant, inCart);

  useEffect(() => {
    // No close() on cleanup: StrictMode's rehearsal unmount would close the sheet for real.
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);

  // Every way out goes through close(), whose `close` event tells the card to unmount the sheet.
  const close = () => dialog.current?.close();

  function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) close();
  }

  function add() {
    if (!variant) return;
    addToCart(product, variant);
    // The toast tells of the add, on the page under the sheet.
    close();
  }

  return (
    <dialog ref={dialog} className="sheet" part="sheet" aria-labelledby={titleId} onClose={onClose} onClick={closeOnBackdrop}>
      <div className="sheet__panel">
        <div className="sheet__header">
          <h2 id={titleId} className="sheet__title">
            {product.name}
          </h2>
          <button type="button" className="sheet__close" aria-label="Close" onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <OptionPicker product={product} choice={choice} onChoose={choose} />
        <p className="sheet__price">
          <PriceTag label={variant ? formatPrice(variant.price) : priceLabel(product)} compareAtPrice={variant ? variant.compareAtPrice : product.compareAtPrice} />
          {variant && <span className="muted">{variant.inStock ? `${variant.stockQuantity} available` : 'Out of stock'}</span>}
        </p>
        <button type="button" className="button button--large sheet__add" part="button" onClick={add} disabled={!variant?.inStock || allInCart} aria-disabled={pending || undefined}>
          {allInCart ? 'All in Cart' : addLabel(product, choice, variant)}
        </button>
      </div>
    </dialog>
  );
}
