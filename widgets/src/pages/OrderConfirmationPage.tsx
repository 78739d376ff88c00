import { useState } from 'react';
import { Link } from 'react-router';
import { takeOrderRecord, type OrderRecord } from '../checkout/order-record';
import { formatPrice } from '../lib/money';
import { ContactEmail } from '../site/ContactEmail';

export function OrderConfirmationPage() {
  // Read once, then gone: a reload of this page shows 'Order Not Found'.
  const [order] = useState<OrderRecord | null>(takeOrderRecord);
  return (
    <main id="main" className="page container confirmation">
      <title>{order ? 'Order Confirmed — The Dark Circle' : 'Order Not Found — The Dark Circle'}</title>
      {order ? <Confirmed order={order} /> : <NotFound />}
    </main>
  );
}

function NotFound() {
  return (
    <div className="notice">
      <h1 className="page__title">Order Not Found</h1>
      <Link to="/" className="button">
        Return to Shop
      </Link>
    </div>
  );
}

function Confirmed({ order }: { order: OrderRecord }) {
  const pickup = order.fulfillmentMethod === 'pickup';
  const a = order.shippingAddress;
  return (
    <article className="receipt">
      <h1 className="page__title">Order Confirmed!</h1>
      <p>Thank you for your order, {order.customerName}. We are stitching it into our ledger now.</p>
      <p className="receipt__number">
        Order number: <strong data-testid="order-number">{order.orderNumber || order.orderId}</strong>
      </p>

      <section className="checkout-card" aria-labelledby="receipt-items">
        <h2 id="receipt-items" className="checkout-card__title">Items</h2>
        <ul className="receipt__items">
          {order.items.map((item, i) => (
            <li key={i} className="summary__row">
              <span>
                {item.name} × {item.quantity}
              </span>
              <span>{formatPrice(item.price)}</span>
            </li>
          ))}
        </ul>
        {order.discount && (
          <p className="summary__row">
            <span>Discount{order.discountCode ? ` (${order.discountCode})` : ''}</span>
            <span data-testid="receipt-discount">-{formatPrice(order.discount)}</span>
          </p>
        )}
        <p className="summary__row summary__row--total">
          <span>Total</span>
          <span data-testid="receipt-total">{formatPrice(order.total)}</span>
        </p>
      </section>

      <section className="checkout-card" aria-labelledby="receipt-customer">
        <h2 id="receipt-customer" className="checkout-card__title">Details</h2>
        <dl className="receipt__details">
          <dt>Name</dt>
          <dd>{order.customerName}</dd>
          <dt>Email</dt>
          <dd>{order.customerEmail}</dd>
          <dt>Fulfillment</dt>
          <dd>{pickup ? 'Local Pickup' : 'Shipping'}</dd>
          {a && (
            <>
              <dt>Shipping address</dt>
              <dd>
                {a.address}, {a.city}, {a.state} {a.zipCode}, {a.country}
              </dd>
            </>
          )}
        </dl>
      </section>

      <section className="checkout-card" aria-labelledby="whats-next">
        <h2 id="whats-next" className="checkout-card__title">What's Next?</h2>
        <ul className="receipt__next">
          <li>You will receive an email confirmation within a few minutes.</li>
          <li>{pickup ? "We'll contact you within 1-2 business days with pickup details." : 'Your order will be processed and shipped within 3-5 business days.'}</li>
        </ul>
      </section>

      <div className="receipt__actions no-print">
        <Link to="/" className="button">
          Continue Shopping
        </Link>
        <button type="button" className="button button--ghost" onClick={() => window.print()}>
          Print Receipt
        </button>
      </div>
      <p className="receipt__support">
        Questions about your order? Reply to your confirmation email or write to <ContactEmail fallback="the studio" />.
      </p>
    </article>
  );
}
