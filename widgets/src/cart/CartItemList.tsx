import { useRef } from 'react';
import { formatPrice } from '../lib/money';
import { lineName } from '../lib/variants';
import type { CartItem } from './cart-api';
import { CartItemImage } from './CartItemImage';
import { ItemControls } from './ItemControls';
import { useCartItemActions } from './useCartItemActions';

/** "Your Items" on the checkout page: each item with minus / quantity / plus and remove. */
export function CartItemList({ items, itemCount }: { items: CartItem[]; itemCount: number }) {
  const { setQuantity, remove, busyItemId } = useCartItemActions();
  const heading = useRef<HTMLHeadingElement>(null);
  // A removed row takes the focused button with it; keyboard users continue from the list's title.
  const refocus = () => heading.current?.focus();

  return (
    <section className="checkout-card cart-items-card" aria-labelledby="cart-items-title">
      <h2 id="cart-items-title" className="checkout-card__title" ref={heading} tabIndex={-1}>
        Your Items ({itemCount})
      </h2>
      <ul className="cart-items">
        {items.map((item) => {
          const busy = busyItemId === item.id;
          return (
            <li key={item.id} className="cart-item" aria-busy={busy || undefined}>
              <CartItemImage src={item.product.imageUrl} alt={lineName(item.product.name, item.variantName)} className="cart-item__image" />
              <div className="cart-item__info">
                <p className="cart-item__name">{lineName(item.product.name, item.variantName)}</p>
                <p className="cart-item__price">{formatPrice(item.price)}</p>
              </div>
              <ItemControls item={item} busy={busy} setQuantity={setQuantity} remove={remove} refocus={refocus} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
