import { Link } from 'react-router';
import { ContactEmail } from '../site/ContactEmail';
import { PolicyPage } from './PolicyPage';

export function TermsPage() {
  return (
    <PolicyPage title="Terms of Sale" updated="November 2026">
      <p>These terms apply to every order placed in the Dark Circle shop. Placing an order means you accept them.</p>

      <h2>Prices and payment</h2>
      <p>
        Prices are in US dollars and include tax. You pay by card through Square when you place the order; the amount charged is the total shown at checkout, which our server works out from
        the current prices, shipping and any discount. If a price changed while the item was in your cart, checkout shows you the new total before anything is charged.
      </p>

      <h2>Your order</h2>
      <p>
        Your order is accepted when payment succeeds and you receive the order confirmation. Stock is held for you while the payment goes through, so an item shown as available when you pay
        is yours. Pieces are handmade: small differences in thread and placement from the photos are part of each one.
      </p>

      <h2>Discount codes</h2>
      <p>
        The newsletter code DARKCIRCLE10 takes 10% off the items in your first order (not shipping). It works once per email address, for the address that subscribed, and cannot be combined
        with other codes.
      </p>

      <h2>Returns and exchanges</h2>
      <p>
        Ready-made pieces can be returned unworn and unwashed within 14 days of delivery or pickup for a refund of the item price; return postage is yours unless the piece arrived damaged or
        wrong. Custom and commissioned pieces, portraits included, are made for you alone and cannot be returned, though we will always fix a fault in our work.
      </p>

      <h2>Delivery</h2>
      <p>
        We ship within the United States only, or you can pick up locally. See <Link to="/shipping">Shipping &amp; Pickup</Link> for rates and times.
      </p>

      <h2>Designs</h2>
      <p>
        Our designs remain ours. Buying a piece does not give the right to reproduce the design for sale. For a custom piece you confirm that you may use any image or artwork you send us.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about an order or these terms: <ContactEmail />.
      </p>
    </PolicyPage>
  );
}
