import { useEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatCents, formatPrice } from '../lib/money';
import { useToastHost } from '../toast/toast-context';
import { CartItemImage } from './CartItemImage';
import { subtotalCents } from './cart-totals';
import { useCart } from './useCart';

/**
 * The right-side cart drawer. A native modal <dialog> gives the focus trap, Escape, the inert page
 * behind and the return of focus to the cart button; it also sits in the top layer, above the
 * header whose backdrop filter would otherwise trap a fixed panel inside it.
 */
export function CartDrawer({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const { items, itemCount, loading } = useCart();
  // Toasts raised while the drawer is open show inside it, above its backdrop.
  useToastHost(dialog);

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
    <dialog ref={dialog} className="drawer" aria-label="Cart" onClose={onClose} onClick={closeOnBackdrop}>
      <div className="drawer__panel">
        <div className="drawer__header">
          <h2 className="drawer__title">CART</h2>
          <button type="button" className="icon-button" aria-label="Close cart" onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </div>

        {loading ? (
          <p className="drawer__status" role="status">Loading cart...</p>
        ) : items.length === 0 ? (
          <div className="drawer__status">
            <p className="drawer__empty-title">Your Cart is Empty</p>
            <p className="muted">Add some items to get started!</p>
          </div>
        ) : (
          <>
            <ul className="drawer__items" aria-label={`${itemCount} ${itemCount === 1 ? 'item' : 'items'}`}>
              {items.map((item) => (
                <li key={item.id} className="drawer-item">
                  <CartItemImage src={item.product.imageUrl} alt={item.product.name} className="drawer-item__image" />
                  <div className="drawer-item__text">
                    <p className="drawer-item__name">{item.product.name}</p>
                    <p className="drawer-item__quantity">
                      {item.quantity} × {formatPrice(item.price)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <div className="drawer__footer">
              <p className="drawer__subtotal">
                <span>Subtotal</span>
                <span className="price">{formatCents(subtotalCents(items))}</span>
              </p>
              <button type="button" className="button button--large drawer__checkout" onClick={checkout}>
                Checkout
              </button>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
