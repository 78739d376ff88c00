import { CartButton } from '../cart/CartButton';
import cart from '../styles/cart.css?inline';
import layout from '../styles/layout.css?inline';
import { sheet } from './styles';
import { WidgetRoot, type ElementProps } from './WidgetRoot';

// A button in a line of the host's header, not a block of its own. On the shop's header the button
// is see-through over the shop's dark background; a host's header may be any colour, so here the
// button brings its own surface (the light icon vanished on a light page).
const STYLES = [sheet(layout, cart, ':host { display: inline-block; } .cart-button { background: var(--dc-surface); }')];

/** `<dc-cart>`: the cart button with its badge, and the drawer whose Checkout hands the cart to the shop. */
export default function CartElement({ container, apiBase }: ElementProps) {
  return (
    <WidgetRoot container={container} apiBase={apiBase} styles={STYLES}>
      <CartButton embedded />
    </WidgetRoot>
  );
}
