import { ContactEmail } from '../site/ContactEmail';
import { PolicyPage } from './PolicyPage';

export function ShippingPage() {
  return (
    <PolicyPage title="Shipping & Pickup" updated="November 2026">
      <p>Every piece is stitched by the two of us in our studio. Here is how it reaches you.</p>

      <h2>Where we ship</h2>
      <p>
        We ship within the <strong>United States only</strong>, to any address with a US ZIP code (five digits, or ZIP+4). We cannot ship abroad yet; checkout refuses addresses outside the
        US before anything is charged.
      </p>

      <h2>Rates</h2>
      <table className="policy__table">
        <thead>
          <tr>
            <th scope="col">Method</th>
            <th scope="col">Cost</th>
            <th scope="col">Estimate</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Local pickup</td>
            <td>Free</td>
            <td>Ready in 1-2 days; we contact you within 1-2 business days with pickup details</td>
          </tr>
          <tr>
            <td>Standard shipping</td>
            <td>
              $5.00 flat, <strong>free on orders of $50.00 or more</strong>
            </td>
            <td>5-7 business days in transit</td>
          </tr>
        </tbody>
      </table>
      <p>The free-shipping threshold counts the items in your order before any discount code. Prices include tax; the total at checkout is exactly what your card is charged.</p>

      <h2>When your order leaves the studio</h2>
      <p>
        In-stock pieces are packed and shipped within 3-5 business days of your order. You receive an order confirmation by email within a few minutes of paying. Custom and original
        commissions ship when they are finished; we agree the timing with you before we start.
      </p>

      <h2>Addresses and lost parcels</h2>
      <p>
        Please check your address at checkout: a parcel returned to us as undeliverable is sent again once you confirm the address, at the standard rate. If tracking shows no movement for 10
        business days, write to us and we will trace it with the carrier and, if it is lost, stitch or send a replacement.
      </p>

      <h2>Questions</h2>
      <p>
        Write to <ContactEmail /> and quote your order number (it starts with DC-).
      </p>
    </PolicyPage>
  );
}
