import { CartButton } from '../cart/CartButton';
import cart from '../styles/cart.css?inline';
import layout from '../styles/layout.css?inline';
import { sheet } from './styles';
import { WidgetRoot, type ElementProps } from './WidgetRoot';

// A button in a line of the host's header, not a block of its own. On the shop's header the button
// is see-through over the shop's dark background; a host's header may be any colour, so here the
// button brings its own surface (the light icon vanished on a light page). `position="fixed"`: a
// host with no header for it gets a floating button in the bottom right corner, clear of a
// phone's rounded corners and home bar, that stays on the screen however far the page scrolls.
const STYLES = [
  sheet(
    layout,
    cart,
    `:host { display: inline-block; }
    .cart-button { background: var(--dc-surface); }
    :host([position='fixed']) {
      position: fixed;
      right: max(1rem, env(safe-area-inset-right));
      bottom: max(1rem, env(safe-area-inset-bottom));
      z-index: 150;
    }
    :host([position='fixed']) .cart-button { width: 3.25rem; height: 3.25rem; box-shadow: 0 6px 20px rgb(0 0 0 / 0.45); }`,
  ),
];

/** `<dc-cart>`: the cart button with its badge (`position="fixed"`: floating in a corner), and the drawer whose Checkout hands the cart to the shop. */
export default function CartElement({ container, apiBase }: ElementProps) {
  return (
    <WidgetRoot container={container} apiBase={apiBase} styles={STYLES}>
      <CartButton embedded />
    </WidgetRoot>
  );
}
