import { Link, useParams } from 'react-router';
import { apiErrorOf, type OrderStatus } from '@dark-circle/api-client';
import { useOrderStatus } from '../api/order-status';
import { formatCents, formatPrice, toCents } from '../lib/money';
import { lineName } from '../lib/variants';
import { ContactEmail } from '../site/ContactEmail';

const STAGE: Record<OrderStatus['fulfilment'], string> = {
  unfulfilled: 'Confirmed: we are preparing your order',
  'ready-for-pickup': 'Ready for pickup',
  shipped: 'On its way',
  'picked-up': 'Picked up',
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** `/order-status/<token>`: the order behind the "View your order" link of every email about it. */
export function OrderStatusPage() {
  const { token = '' } = useParams();
  const order = useOrderStatus(token);
  if (order.isPending) return <main id="main" className="page container confirmation" aria-busy="true" />;
  if (order.isError) {
    const missing = apiErrorOf(order.error)?.status === 404;
    return (
      <main id="main" className="page container confirmation">
        <title>Order Not Found — The Dark Circle</title>
        <div className="notice">
          <h1 className="page__title">{missing ? 'Order Not Found' : 'We could not load your order'}</h1>
          <p className="muted">{missing ? 'We could not find that order. Check the link in your email.' : 'Please try again in a moment.'}</p>
          <Link to="/" className="button">
            Return to Shop
          </Link>
        </div>
      </main>
    );
  }
  return (
    <main id="main" className="page container confirmation">
      <title>{`Order ${order.data.orderNumber} — The Dark Circle`}</title>
      <Status order={order.data} />
    </main>
  );
}

function Status({ order }: { order: OrderStatus }) {
  const pickup = order.fulfillmentMethod === 'pickup';
  return (
    <article className="receipt">
      <h1 className="page__title">
        Order <span className="order-number">{order.orderNumber}</span>
      </h1>
      <p className="status-stage" data-testid="order-stage">
        {Number(order.refunded) >= Number(order.total) ? 'Refunded' : STAGE[order.fulfilment]}
      </p>
      <p>
        Thank you, {order.firstName}. Updates go to {order.email}.
      </p>

      <section className="checkout-card" aria-labelledby="status-timeline">
        <h2 id="status-timeline" className="checkout-card__title">
          Timeline
        </h2>
        <ol className="status-timeline" data-testid="order-timeline">
          {order.timeline.map((entry, i) => (
            <li key={i} className={`status-timeline__step status-timeline__step--${entry.step}`}>
              <strong>{entry.title}</strong> <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time>
              {entry.detail && <p className="muted">{entry.detail}</p>}
            </li>
          ))}
        </ol>
        {order.fulfilment === 'shipped' && (order.carrier || order.trackingNumber) && (
          <p className="status-note" data-testid="order-tracking">
            {order.carrier ?? 'Carrier'}
            {order.trackingNumber && (
              <>
                {' '}
                tracking number{' '}
                {order.trackingUrl ? (
                  <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                    {order.trackingNumber}
                  </a>
                ) : (
                  <strong>{order.trackingNumber}</strong>
                )}
              </>
            )}
          </p>
        )}
        {order.pickupNote && (
          <p className="status-note" data-testid="pickup-note">
            {order.pickupNote}
          </p>
        )}
      </section>

      <section className="checkout-card" aria-labelledby="status-items">
        <h2 id="status-items" className="checkout-card__title">
          Items
        </h2>
        <ul className="receipt__items">
          {order.items.map((item, i) => (
            <li key={i} className="summary__row">
              <span className="status-item">
                {item.imageUrl && <img src={item.imageUrl} alt="" width={48} height={48} loading="lazy" />}
                {lineName(item.name, item.variantName)} × {item.quantity}
              </span>
              {/* The line's total, as the confirmation shows it; `price` is one unit's. */}
              <span data-testid="status-line-total">{formatCents(toCents(item.price) * item.quantity)}</span>
            </li>
          ))}
        </ul>
        <p className="summary__row">
          <span>Subtotal</span>
          <span>{formatPrice(order.subtotal)}</span>
        </p>
        <p className="summary__row">
          <span>Shipping</span>
          <span>{Number(order.shipping) === 0 ? 'Free' : formatPrice(order.shipping)}</span>
        </p>
        {Number(order.discount) > 0 && (
          <p className="summary__row">
            <span>Discount</span>
            <span>-{formatPrice(order.discount)}</span>
          </p>
        )}
        <p className="summary__row summary__row--total">
          <span>Total</span>
          <span data-testid="status-total">{formatPrice(order.total)}</span>
        </p>
        {Number(order.refunded) > 0 && (
          <p className="summary__row">
            <span>Refunded</span>
            <span data-testid="status-refunded">-{formatPrice(order.refunded)}</span>
          </p>
        )}
      </section>

      <section className="checkout-card" aria-labelledby="status-details">
        <h2 id="status-details" className="checkout-card__title">
          Details
        </h2>
        <dl className="receipt__details">
          <dt>Placed</dt>
          <dd>{dateTime.format(new Date(order.placedAt))}</dd>
          <dt>Fulfillment</dt>
          <dd>{pickup ? 'Local Pickup' : 'Shipping'}</dd>
        </dl>
      </section>

      <p className="receipt__support">
        Questions about your order? Reply to any of our emails about it or write to <ContactEmail fallback="the studio" />.
      </p>
    </article>
  );
}
