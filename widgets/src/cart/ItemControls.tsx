import { useId } from 'react';
import { useProducts } from '../api/products';
import { lineName } from '../lib/variants';
import type { CartItem } from './cart-api';
import { availableOf, quantityInCart } from './cart-stock';
import { useCart } from './useCart';

interface Props {
  item: CartItem;
  /** The item's change is under way: its buttons wait for the answer. */
  busy: boolean;
  setQuantity: (item: CartItem, quantity: number, onDone?: () => void) => void;
  remove: (item: CartItem, onDone?: () => void) => void;
  /** Where focus goes when the row disappears (its focused button goes with it). */
  refocus: () => void;
}

/**
 * One item's minus / quantity / plus and remove, on the checkout page and in both cart drawers.
 * Once the cart holds every available unit, plus is disabled and says why: a tap could only be
 * refused (the server still has the last word, see useCartItemActions).
 */
export function ItemControls({ item, busy, setQuantity, remove, refocus }: Props) {
  const name = lineName(item.product.name, item.variantName);
  const limitNote = useId();
  const available = availableOf(useProducts().data, item.productId, item.variantId);
  const inCart = quantityInCart(useCart().items, item.productId, item.variantId);
  const atLimit = available !== undefined && inCart >= available;
  // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
  const whenIdle = (action: () => void) => () => !busy && action();
  return (
    <div className="cart-item__controls">
      <div className="stepper" role="group" aria-label={`Quantity of ${name}`}>
        {/* At 1 this asks for 0, which the server treats as a removal. */}
        <button
          type="button"
          className="stepper__button"
          aria-label={`Decrease quantity of ${name}`}
          aria-disabled={busy}
          onClick={whenIdle(() => setQuantity(item, item.quantity - 1, item.quantity <= 1 ? refocus : undefined))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <span className="stepper__value" data-testid="item-quantity">
          {item.quantity}
        </span>
        <button
          type="button"
          className="stepper__button"
          aria-label={`Increase quantity of ${name}`}
          aria-disabled={busy || atLimit}
          aria-describedby={atLimit ? limitNote : undefined}
          onClick={whenIdle(() => !atLimit && setQuantity(item, item.quantity + 1))}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {atLimit && (
        <span id={limitNote} className="stepper__limit">
          Only {available} left
        </span>
      )}
      <button type="button" className="icon-button icon-button--danger" aria-label={`Remove ${name}`} aria-disabled={busy} onClick={whenIdle(() => remove(item, refocus))}>
        <TrashIcon />
      </button>
    </div>
  );
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
