import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { apiErrorOf, type OrderStatus } from '@dark-circle/api-client';
import { useOrderStatus } from '../api/order-status';
import { keptOrderToken, ORDER_PARAM, orderRecordFor, takeOrderRecord, type OrderRecord } from '../checkout/order-record';
import { centsToDecimal, formatPrice, toCents } from '../lib/money';
import { lineName } from '../lib/variants';
import { ContactEmail } from '../site/ContactEmail';

/** What the confirmation shows: the record this tab kept, or the order as its status token reveals it. */
type Confirmation = Omit<OrderRecord, 'orderId' | 'statusToken'> & { orderId?: string };

/**
 * `/order-confirmation?order=<token>`: the order paid for, on every reload, Back/Forward and in any
 * browser. Without an order in the address, a record this tab keeps for an order goes to that
 * order's address; an older record without one is read once and removed; none: 'Order Not Found'.
 */
export function OrderConfirmationPage() {
  const [params] = useSearchParams();
  const token = params.get(ORDER_PARAM);
  if (token) return <ConfirmationOf token={token} />;
  // The order this tab paid for has an address of its own: go there rather than use the record up.
  const kept = keptOrderToken();
  if (kept) return <Navigate replace to={`/order-confirmation?${ORDER_PARAM}=${encodeURIComponent(kept)}`} />;
  return <ConfirmationOnce />;
}

function ConfirmationOnce() {
  const [order] = useState<OrderRecord | null>(takeOrderRecord);
  return (
    <main id="main" className="page container confirmation">
      <title>{order ? 'Order Confirmed — The Dark Circle' : 'Order Not Found — The Dark Circle'}</title>
      {order ? <Confirmed order={order} statusToken={order.statusToken} /> : <NotFound />}
    </main>
  );
}

/** This tab's own record of the order when it has it (a reload), otherwise the server's (another browser, a closed tab). */
function ConfirmationOf({ token }: { token: string }) {
  const [record] = useState(() => orderRecordFor(token));
  const status = useOrderStatus(token, record === null);
  if (!record && status.isPending) return <main id="main" className="page container confirmation" aria-busy="true" />;
  const order = record ?? (status.data ? fromStatus(status.data) : null);
  return (
    <main id="main" className="page container confirmation">
      <title>{order ? 'Order Confirmed — The Dark Circle' : 'Order Not Found — The Dark Circle'}</title>
      {order ? <Confirmed order={order} statusToken={token} /> : apiErrorOf(status.error)?.status === 404 ? <NotFound /> : <NotLoaded />}
    </main>
  );
}

/** The status answer shows the first name and a masked email, never the street address or the card: a link may be forwarded. */
function fromStatus(status: OrderStatus): Confirmation {
  return {
    orderNumber: status.orderNumber,
    total: status.total,
    subtotal: status.subtotal,
    shipping: status.shipping,
    ...(toCents(status.discount) > 0 ? { discount: status.discount } : {}),
    customerName: status.firstName,
    customerEmail: status.email,
    fulfillmentMethod: status.fulfillmentMethod,
    shippingAddress: null,
    items: status.items.map((i) => ({ name: lineName(i.name, i.variantName), quantity: i.quantity, price: centsToDecimal(toCents(i.price) * i.quantity) })),
  };
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

function NotLoaded() {
  return (
    <div className="notice">
      <h1 className="page__title">We could not load your order</h1>
      <p className="muted">Please try again in a moment. Your order is safe; the link in your confirmation email shows it too.</p>
      <Link to="/" className="button">
        Return to Shop
      </Link>
    </div>
  );
}

function Confirmed({ order, statusToken }: { order: Confirmation; statusToken?: string }) {
  const pickup = order.fulfillmentMethod === 'pickup';
  const a = order.shippingAddress;
  // The card as Square recorded it ("Visa •••• 1111"), as the shop's own records name it.
  const card = [order.card?.brand, order.card?.last4 ? `•••• ${order.card.last4}` : null].filter(Boolean).join(' ');
  // Complete Order is gone with the checkout: the focus goes to what the page says, not to <body>.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <article className="receipt">
      <h1 className="page__title" ref={heading} tabIndex={-1}>
        Order Confirmed!
      </h1>
      <p>Thank you for your order, {order.customerName}. We are stitching it into our ledger now.</p>
      <p className="receipt__number">
        Order number: <strong data-testid="order-number">{order.orderNumber || order.orderId}</strong>
      </p>

      <section className="checkout-card" aria-labelledby="receipt-items">
        <h2 id="receipt-items" className="checkout-card__title">
          Items
        </h2>
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
        {order.subtotal && (
          <p className="summary__row receipt__subtotal">
            <span>Subtotal</span>
            <span data-testid="receipt-subtotal">{formatPrice(order.subtotal)}</span>
          </p>
        )}
        {order.shipping && (
          <p className="summary__row">
            <span>Shipping</span>
            <span data-testid="receipt-shipping">{toCents(order.shipping) === 0 ? 'Free' : formatPrice(order.shipping)}</span>
          </p>
        )}
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
        <h2 id="receipt-customer" className="checkout-card__title">
          Details
        </h2>
        <dl className="receipt__details">
          <dt>Name</dt>
          <dd>{order.customerName}</dd>
          <dt>Email</dt>
          <dd>{order.customerEmail}</dd>
          {card && (
            <>
              <dt>Paid with</dt>
              <dd data-testid="receipt-card">{card}</dd>
            </>
          )}
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
        <h2 id="whats-next" className="checkout-card__title">
          What's Next?
        </h2>
        <ul className="receipt__next">
          <li>You will receive an email confirmation within a few minutes.</li>
          <li>{pickup ? "We'll contact you within 1-2 business days with pickup details." : 'Your order will be processed and shipped within 3-5 business days.'}</li>
          {/* The checkout quoted the rate's own time on the way: the same words here, never another estimate. */}
          {!pickup && order.shippingRate && (
            <li data-testid="receipt-delivery">
              {order.shippingRate.name} then takes {order.shippingRate.delivery} to reach you.
            </li>
          )}
        </ul>
      </section>

      <div className="receipt__actions no-print">
        <Link to="/" className="button">
          Continue Shopping
        </Link>
        {statusToken && (
          <Link to={`/order-status/${statusToken}`} className="button button--ghost" data-testid="order-status-link">
            Track Your Order
          </Link>
        )}
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
