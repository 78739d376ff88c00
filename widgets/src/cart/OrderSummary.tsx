import { formatCents } from '../lib/money';

interface Props {
  subtotalCents: number;
  /** 0 for pickup or free shipping; null while the shipping cost is not known yet. */
  shippingCents: number | null;
  /** Shown instead of a cost while it is unknown, e.g. "Calculating...". */
  shippingPending: string;
}

/** The total's place while shipping is unknown: never the subtotal, which would read as free shipping. */
const TOTAL_PENDING = 'To be calculated';

/** Subtotal, shipping, tax (included in prices) and the total, all from integer cents. */
export function OrderSummary({ subtotalCents, shippingCents, shippingPending }: Props) {
  return (
    <section className="checkout-card order-summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="checkout-card__title">Order Summary</h2>
      <dl className="summary">
        <div className="summary__row">
          <dt>Subtotal</dt>
          <dd>{formatCents(subtotalCents)}</dd>
        </div>
        <div className="summary__row">
          <dt>Shipping</dt>
          <dd>{shippingCents === null ? shippingPending : shippingCents === 0 ? 'Free' : formatCents(shippingCents)}</dd>
        </div>
        <div className="summary__row">
          <dt>Tax</dt>
          <dd>Included in price</dd>
        </div>
        <div className="summary__row summary__row--total">
          <dt>Total</dt>
          <dd data-testid="order-total">{shippingCents === null ? TOTAL_PENDING : formatCents(subtotalCents + shippingCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
