import type { ReactNode } from 'react';
import { formatCents } from '../lib/money';

interface Props {
  subtotalCents: number;
  /** 0 for pickup or free shipping; null while the shipping cost is not known yet. */
  shippingCents: number | null;
  /** Shown instead of a cost while it is unknown, e.g. "Calculating...". */
  shippingPending: string;
  /** Taken off by an applied discount code (0 without one); null while the server works it out. */
  discountCents: number | null;
  discountLabel?: string;
  /** The discount code field, shown above the lines. */
  discountField?: ReactNode;
}

/** The total's place while shipping is unknown: never the subtotal, which would read as free shipping. */
const TOTAL_PENDING = 'To be calculated';

/** Subtotal, shipping, tax (included in prices) and the total, all from integer cents. */
export function OrderSummary({ subtotalCents, shippingCents, shippingPending, discountCents, discountLabel, discountField }: Props) {
  return (
    <section className="checkout-card order-summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="checkout-card__title">
        Order Summary
      </h2>
      {discountField}
      <dl className="summary">
        <div className="summary__row">
          <dt>Subtotal</dt>
          <dd>{formatCents(subtotalCents)}</dd>
        </div>
        <div className="summary__row">
          <dt>Shipping</dt>
          <dd>{shippingCents === null ? shippingPending : shippingCents === 0 ? 'Free' : formatCents(shippingCents)}</dd>
        </div>
        {discountCents !== 0 && (
          <div className="summary__row summary__row--discount">
            <dt>{discountLabel ?? 'Discount'}</dt>
            <dd data-testid="order-discount">{discountCents === null ? 'Checking...' : `-${formatCents(discountCents)}`}</dd>
          </div>
        )}
        <div className="summary__row">
          <dt>Tax</dt>
          <dd>Included in price</dd>
        </div>
        <div className="summary__row summary__row--total">
          <dt>Total</dt>
          <dd data-testid="order-total">{shippingCents === null || discountCents === null ? TOTAL_PENDING : formatCents(subtotalCents + shippingCents - discountCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
