import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { getApiBase } from '../api/config';
import { useToast } from '../toast/toast-context';
import { hasCartDrawer, openCartDrawer } from './cart-drawer';
import { deepActiveElement } from '../lib/focus';
import { useHandOverLink } from './useHandOverLink';

/**
 * Where the shopper may go after an add, in its notification: the cart (the drawer, where the page
 * has a cart button) and the checkout (`/cart`). On another site the shop's `/cart` is reached by a
 * hand-over link, as the drawer's Checkout is. Focus moves here, so a keyboard or screen-reader
 * shopper hears what was added and can go on; it goes back to where it was when the
 * notification closes.
 */
export function AddedToCartActions({ cartId, itemCount, returnFocusTo }: { cartId: string; itemCount: number; returnFocusTo?: HTMLElement }) {
  const { dismiss } = useToast();
  const first = useRef<HTMLElement>(null);
  const embedded = getApiBase() !== '';
  const handOverLink = useHandOverLink(embedded ? cartId : undefined);
  const drawer = hasCartDrawer();

  useEffect(() => {
    first.current?.focus();
    return () => {
      // Only when focus would otherwise be lost with the notification (not after the shopper moved on).
      const now = deepActiveElement();
      if (returnFocusTo?.isConnected && (!now || now === document.body)) returnFocusTo.focus();
    };
  }, [returnFocusTo]);

  const viewCart = `View cart (${itemCount})`;
  return (
    <span className="toast__actions">
      {drawer ? (
        <button
          type="button"
          className="button button--small button--ghost"
          part="button"
          ref={(element) => void (first.current = element)}
          onClick={() => {
            dismiss();
            openCartDrawer();
          }}
        >
          {viewCart}
        </button>
      ) : (
        <ShopCartLink embedded={embedded} href={handOverLink} className="button button--small button--ghost" focusRef={first}>
          {viewCart}
        </ShopCartLink>
      )}
      <ShopCartLink embedded={embedded} href={handOverLink} className="button button--small" onClick={() => dismiss()}>
        Check out
      </ShopCartLink>
    </span>
  );
}

interface ShopCartLinkProps {
  embedded: boolean;
  href: string | undefined;
  className: string;
  children: string;
  focusRef?: { current: HTMLElement | null };
  onClick?: () => void;
}

/** The shop's `/cart`: a page of this site, or on another site the hand-over link (there once the token is). */
function ShopCartLink({ embedded, href, className, children, focusRef, onClick }: ShopCartLinkProps) {
  const ref = (element: HTMLAnchorElement | null) => {
    if (focusRef) focusRef.current = element;
  };
  if (!embedded) {
    return (
      <Link to="/cart" className={className} ref={ref} onClick={onClick}>
        {children}
      </Link>
    );
  }
  // _top: a host page that frames the element still sends the shopper to the shop itself.
  return (
    // Focusable before its token is there (a link without href is not), so focus can start on it.
    <a className={className} part="button" target="_top" href={href} tabIndex={0} aria-disabled={!href || undefined} ref={ref} onClick={onClick}>
      {children}
    </a>
  );
}
