import { useRef } from 'react';
import { formatPrice } from '../lib/money';
import type { CartItem } from './cart-api';
import { CartItemImage } from './CartItemImage';
import { useCartItemActions } from './useCartItemActions';

/** "Your Items" on the checkout page: each item with minus / quantity / plus and remove. */
export function CartItemList({ items, itemCount }: { items: CartItem[]; itemCount: number }) {
  const { setQuantity, remove, busyItemId } = useCartItemActions();
  const heading = useRef<HTMLHeadingElement>(null);
  // A removed row takes the focused button with it; keyboard users continue from the list's title.
  const refocus = () => heading.current?.focus();

  return (
    <section className="checkout-card" aria-labelledby="cart-items-title">
      <h2 id="cart-items-title" className="checkout-card__title" ref={heading} tabIndex={-1}>
        Your Items ({itemCount})
      </h2>
      <ul className="cart-items">
        {items.map((item) => {
          const name = item.product.name;
          // aria-disabled rather than disabled: a disabled button would drop the keyboard focus.
          const busy = busyItemId === item.id;
          const whenIdle = (action: () => void) => () => !busy && action();
          return (
            <li key={item.id} className="cart-item" aria-busy={busy || undefined}>
              <CartItemImage src={item.product.imageUrl} alt={name} className="cart-item__image" />
              <div className="cart-item__info">
                <p className="cart-item__name">{name}</p>
                <p className="cart-item__price">{formatPrice(item.price)}</p>
              </div>
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
                    aria-disabled={busy}
                    onClick={whenIdle(() => setQuantity(item, item.quantity + 1))}
                  >
                    <span aria-hidden="true">+</span>
                  </button>
                </div>
                <button
                  type="button"
                  className="icon-button icon-button--danger"
                  aria-label={`Remove ${name}`}
                  aria-disabled={busy}
                  onClick={whenIdle(() => remove(item, refocus))}
                >
                  <TrashIcon />
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
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
