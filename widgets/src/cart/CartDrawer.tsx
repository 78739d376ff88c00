import { useEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatCents, formatPrice } from '../lib/money';
import { lineName } from '../lib/variants';
import { useToastHost, type ToastOptions } from '../toast/toast-context';
import { CartItemImage } from './CartItemImage';
import { ItemControls } from './ItemControls';
import { subtotalCents } from './cart-totals';
import { useCart } from './useCart';
import { useCartItemActions } from './useCartItemActions';
import { useHandOverLink } from './useHandOverLink';

const REMOVED: ToastOptions = { title: 'Item removed', description: 'Item has been removed from your cart.' };

interface Props {
  onClose: () => void;
  /**
   * The `<dc-cart>` element's drawer on another site: Checkout is a top-level link that hands the
   * cart to the shop's own checkout.
   */
  embedded?: boolean;
}

/**
 * The right-side cart drawer. A native modal <dialog> gives the focus trap, Escape, the inert page
 * behind and the return of focus to the cart button; it also sits in the top layer, above the
 * header whose backdrop filter would otherwise trap a fixed panel inside it.
 */
export function CartDrawer({ onClose, embedded = false }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const toastSlot = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { data, items, itemCount, loading } = useCart();
  const handOverLink = useHandOverLink(embedded && items.length > 0 ? data?.cart.id : undefined);
  const { setQuantity, remove, busyItemId } = useCartItemActions(REMOVED);
  // A removed row takes the focused button with it; keyboard users continue from the title.
  const refocus = () => title.current?.focus();
  // Toasts raised while the drawer is open show inside it, above its backdrop, in a slot under its
  // header: in the flow, so a toast never covers the subtotal and Checkout (or the close button).
  useToastHost(toastSlot);

  useEffect(() => {
    // No close() on cleanup: StrictMode's rehearsal unmount would close the drawer for real.
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);

  // Every way out goes through close(), whose `close` event tells the owner to unmount the drawer.
  const close = () => dialog.current?.close();

  function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>) {
    // The panel fills the dialog box, so a click on the dialog itself is a click on the backdrop.
    if (event.target === event.currentTarget) close();
  }

  function checkout() {
    close();
    navigate('/cart');
  }

  return (
    <dialog ref={dialog} className="drawer" part="drawer" aria-label="Cart" onClose={onClose} onClick={closeOnBackdrop}>
      <div className="drawer__panel">
        <div className="drawer__header">
          <h2 className="drawer__title" ref={title} tabIndex={-1}>
            CART
          </h2>
          <button type="button" className="icon-button" aria-label="Close cart" onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="drawer__toasts" ref={toastSlot} />

        {loading ? (
          <p className="drawer__status" role="status">
            Loading cart...
          </p>
        ) : items.length === 0 ? (
          <div className="drawer__status">
            <p className="drawer__empty-title">Your Cart is Empty</p>
            <p className="muted">Add some items to get started!</p>
          </div>
        ) : (
          <>
            <ul className="drawer__items" aria-label={`${itemCount} ${itemCount === 1 ? 'item' : 'items'}`}>
              {items.map((item) => (
                <li key={item.id} className="drawer-item" aria-busy={busyItemId === item.id || undefined}>
                  <CartItemImage src={item.product.imageUrl} alt={lineName(item.product.name, item.variantName)} className="drawer-item__image" />
                  <div className="drawer-item__text">
                    <p className="drawer-item__name">{lineName(item.product.name, item.variantName)}</p>
                    <p className="drawer-item__quantity">
                      {item.quantity} × {formatPrice(item.price)}
                    </p>
                    <ItemControls item={item} busy={busyItemId === item.id} setQuantity={setQuantity} remove={remove} refocus={refocus} />
                  </div>
                </li>
              ))}
            </ul>
            <div className="drawer__footer">
              <p className="drawer__subtotal">
                <span>Subtotal</span>
                <span className="price">{formatCents(subtotalCents(items))}</span>
              </p>
              {embedded ? (
                // _top: a host page that frames the element still sends the shopper to the shop itself.
                <a className="button button--large drawer__checkout" part="button" target="_top" href={handOverLink} aria-disabled={!handOverLink || undefined}>
                  Checkout
                </a>
              ) : (
                <button type="button" className="button button--large drawer__checkout" onClick={checkout}>
                  Checkout
                </button>
              )}
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
