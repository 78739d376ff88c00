import { useEffect, useRef } from 'react';
import { deepActiveElement } from '../lib/focus';
import { useCartDrawer } from './cart-drawer';
import { CartDrawer } from './CartDrawer';
import { useCart } from './useCart';

/**
 * The header's cart button: it keeps the badge current (it polls every 2 s) and opens the drawer
 * (`embedded`: the `<dc-cart>` element's, see CartDrawer), or when the notification after an add
 * asks for it (`openCartDrawer`).
 */
export function CartButton({ embedded = false }: { embedded?: boolean }) {
  const { itemCount, error } = useCart({ poll: true });
  const { open, show, close } = useCartDrawer();
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // The dialog gives the focus back to where it was when it opened; opened by an add that took the
  // last unit, that was a button disabled since, so the focus would be left on <body>: the cart
  // button takes it (once the drawer is gone from the page).
  useEffect(() => {
    if (wasOpen.current && !open) {
      const now = deepActiveElement();
      if (!now || now === document.body) button.current?.focus();
    }
    wasOpen.current = open;
  }, [open]);

  // The header's cart fetch errors are only logged.
  useEffect(() => {
    if (error) console.error('Failed to fetch cart', error);
  }, [error]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-button cart-button"
        part="button"
        // The badge's number is in the name too: a spoken command matches what the eye sees.
        aria-label={itemCount === 0 ? 'Open cart' : `Open cart, ${itemCount === 1 ? '1 item' : `${itemCount} items`}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={show}
      >
        <CartIcon />
        {itemCount > 0 && (
          <span className="cart-button__badge" part="badge" data-testid="cart-count" aria-hidden="true">
            {itemCount}
          </span>
        )}
      </button>
      {open && <CartDrawer embedded={embedded} onClose={close} />}
    </>
  );
}

function CartIcon() {
  return (
    <svg className="cart-button__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M3 4h2.2l2.1 10.2a1.5 1.5 0 0 0 1.5 1.2h8.4a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
      <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
    </svg>
  );
}
