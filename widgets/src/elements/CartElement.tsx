import { CartButton } from '../cart/CartButton';
import cart from '../styles/cart.css?inline';
import layout from '../styles/layout.css?inline';
import { sheet } from './styles';
import { WidgetRoot, type ElementProps } from './WidgetRoot';

const STYLES = [sheet(layout, cart)];

/** `<dc-cart>`: the cart button with its badge, and the drawer whose Checkout hands the cart to the shop. */
export default function CartElement({ container, apiBase }: ElementProps) {
  return (
    <WidgetRoot container={container} apiBase={apiBase} styles={STYLES}>
      <CartButton embedded />
    </WidgetRoot>
  );
}
