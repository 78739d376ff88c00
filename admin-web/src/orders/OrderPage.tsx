import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { apiErrorOf, ok, type AdminOrderDetail } from '@dark-circle/api-client';
import { api } from '../api/client';
import { FulfilmentActions } from './FulfilmentActions';
import { addressLine, formatWhen, fulfilmentLabel, lineName, ORDERS, refundLabel, squareFulfilmentLabel } from './order-labels';
import { RefundForm } from './RefundForm';
import { SquareOrderCard } from './SquareOrderCard';
import { StaffNotes } from './StaffNotes';
import { CopyableId } from '../ui/CopyableId';

/** One order as the studio works it: what was bought, by whom, how it is fulfilled and paid, its refunds and its timeline. */
export function OrderPage() {
  const { id = '' } = useParams();
  const [refunding, setRefunding] = useState(false);
  const order = useQuery({
    queryKey: [ORDERS, 'detail', id],
    queryFn: () => ok(api.GET('/api/admin/orders/{id}', { params: { path: { id } } })),
    // While Square works on a refund the page looks again, so it shows the refund done (or failed) without a reload.
    refetchInterval: (query) => (query.state.data?.refundsPending ? 3000 : false),
  });
  if (order.isPending) return <p>Loading order...</p>;
  if (order.isError)
    return (
      <>
        <h1>{[400, 404].includes(apiErrorOf(order.error)?.status ?? 0) ? 'Order not found' : 'Failed to load the order'}</h1>
        <Link to="/admin/orders">All orders</Link>
      </>
    );
  const o = order.data;
  const refunded = refundLabel(o);
  return (
    <>
      <p>
        <Link to="/admin/orders">All orders</Link>
      </p>
      <div className="card-head">
        <h1>
          Order <span className="order-number">{o.orderNumber}</span>
        </h1>
        <div>
          <span className={`badge ${o.fulfilment === 'unfulfilled' ? '' : 'badge-ok'}`} data-testid="fulfilment-status">
            {fulfilmentLabel[o.fulfilment]}
          </span>{' '}
          {refunded && <span className="badge badge-out">{refunded}</span>}
        </div>
      </div>
      <p className="muted">
        Placed {formatWhen(o.createdAt)} · <Link to={`/admin/history/order/${o.id}`}>History</Link> · <Link to={`/admin/orders/${o.id}/packing-slip`}>Packing slip</Link> ·{' '}
        <a href={o.statusUrl}>The customer's status page</a>
      </p>

      <div className="order-grid">
        <section className="card" aria-labelledby="items-title">
          <h2 id="items-title">Items</h2>
          <ul className="rows">
            {o.items.map((i) => (
              <li key={i.itemId} className="row" data-testid="order-item">
                <div className="item-line">
                  {i.imageUrl ? <img className="thumb" src={i.imageUrl} alt="" width={48} height={48} /> : <div className="thumb" />}
                  <span>
                    {lineName(i)} × {i.quantity} · ${i.price}
                    {i.refundedQuantity > 0 && <span className="muted"> ({i.refundedQuantity} refunded)</span>}
                  </span>
                </div>
              </li>
            ))}
          </ul>
          <dl className="totals">
            <dt>Subtotal</dt>
            <dd>${o.subtotal}</dd>
            <dt>Shipping</dt>
            <dd>${o.shipping}</dd>
            {o.discount !== '0.00' && (
              <>
                <dt>Discount{o.discountCode ? ` (${o.discountCode})` : ''}</dt>
                <dd>−${o.discount}</dd>
              </>
            )}
            <dt>Total</dt>
            <dd>
              <strong>${o.total}</strong>
            </dd>
            {o.refunded !== '0.00' && (
              <>
                <dt>Refunded</dt>
                <dd>${o.refunded}</dd>
              </>
            )}
          </dl>
        </section>

        <section className="card" aria-labelledby="customer-title">
          <h2 id="customer-title">Customer</h2>
          <p>
            {o.customerName}
            <br />
            <a href={`mailto:${o.customerEmail}`}>{o.customerEmail}</a>
          </p>
          {o.customerNote && (
            <blockquote className="customer-note" aria-label="The customer's note">
              <strong>Order note</strong>
              <p>{o.customerNote}</p>
            </blockquote>
          )}
          <p>{o.fulfillmentMethod === 'pickup' ? 'Local Pickup' : o.shippingAddress ? `Shipping to ${addressLine(o.shippingAddress)}` : 'Shipping'}</p>
        </section>

        <section className="card" aria-labelledby="fulfilment-title">
          <h2 id="fulfilment-title">Fulfilment</h2>
          <dl className="totals">
            <dt>Status</dt>
            <dd>{fulfilmentLabel[o.fulfilment]}</dd>
            {o.squareFulfillment && (
              <>
                <dt>In Square</dt>
                <dd>
                  <span className={`badge ${squareFulfilmentLabel(o.squareFulfillment).tone}`} data-testid="square-fulfilment">
                    {squareFulfilmentLabel(o.squareFulfillment).text}
                  </span>
                </dd>
              </>
            )}
            {o.carrier && (
              <>
                <dt>Carrier</dt>
                <dd>{o.carrier}</dd>
              </>
            )}
            {o.trackingNumber && (
              <>
                <dt>Tracking</dt>
                <dd>
                  {o.trackingUrl ? (
                    <a href={o.trackingUrl} target="_blank" rel="noreferrer noopener">
                      {o.trackingNumber}
                    </a>
                  ) : (
                    o.trackingNumber
                  )}
                </dd>
              </>
            )}
            {o.pickupNote && (
              <>
                <dt>Pickup note</dt>
                <dd>{o.pickupNote}</dd>
              </>
            )}
            {o.fulfilledAt && (
              <>
                <dt>Fulfilled</dt>
                <dd>{formatWhen(o.fulfilledAt)}</dd>
              </>
            )}
          </dl>
          {o.trackingWarning && (
            <p className="warning-text" role="note">
              {o.trackingWarning}
            </p>
          )}
          <FulfilmentActions order={o} />
        </section>

        <section className="card" aria-labelledby="payment-title">
          <h2 id="payment-title">Payment</h2>
          <dl className="totals">
            <dt>Payment id</dt>
            <dd>{o.paymentId ? <CopyableId id={o.paymentId} label="Payment id" /> : '—'}</dd>
            <dt>Card</dt>
            <dd>{o.card ? `${o.card.brand ?? 'Card'} ${o.card.last4 ? `•••• ${o.card.last4}` : ''}` : '—'}</dd>
            <dt>Confirmation email</dt>
            <dd>{o.confirmationSentAt ? `sent ${formatWhen(o.confirmationSentAt)}` : 'not sent yet'}</dd>
          </dl>
        </section>

        <SquareOrderCard square={o.square} />
      </div>

      <section className="card" aria-labelledby="refunds-title">
        <h2 id="refunds-title">Refunds</h2>
        {o.refundsPending > 0 && (
          <p className="muted">{o.refundsPending} refund(s) not settled by Square yet: the items go back into stock and the customer is emailed once Square completes them.</p>
        )}
        {o.refunds.length === 0 ? (
          <p className="muted">No refunds.</p>
        ) : (
          <ul className="rows">
            {o.refunds.map((r) => (
              <li key={r.refundId} className="row" data-testid="refund">
                <div>
                  <strong>${r.amount}</strong> · <span className={r.status === 'failed' ? 'error-text' : undefined}>{refundStatusWords(r)}</span> · {formatWhen(r.requestedAt)}
                  <br />
                  {r.reason}
                  {r.failure && <span className="error-text"> · Nothing was given back: {r.failure.message}</span>}
                  {r.lines.length > 0 && (
                    <span className="muted"> · {r.lines.map((l) => `${lineNameOf(o, l.itemId)} × ${l.quantity}${l.restock ? ' (back in stock)' : ''}`).join(', ')}</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {o.refundable !== '0.00' &&
          (refunding ? (
            <RefundForm key={o.refunds.length} order={o} onClose={() => setRefunding(false)} />
          ) : (
            // Behind a button, as on Shopify: no button offering the whole order's money sits on every order.
            <button type="button" className="button button-quiet" onClick={() => setRefunding(true)}>
              Refund
            </button>
          ))}
      </section>

      <StaffNotes order={o} />

      <section className="card" aria-labelledby="timeline-title">
        <h2 id="timeline-title">Timeline</h2>
        <ol className="timeline">
          {o.timeline.map((e, n) => (
            <li key={`${e.at}-${n}`} data-testid="timeline-entry">
              <time dateTime={e.at}>{formatWhen(e.at)}</time> <strong>{e.title}</strong>
              {e.detail && <span className="muted"> · {e.detail}</span>}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** A refund's state in the studio's words: pending says whether Square has it yet. */
function refundStatusWords(r: AdminOrderDetail['refunds'][number]): string {
  if (r.status === 'refunded') return 'refunded';
  if (r.status === 'failed') return 'failed';
  return r.squareRefundId ? 'pending at Square' : "waiting for Square's answer";
}

/** A refund line's item by its name and variant, as the items list shows it. */
function lineNameOf(order: AdminOrderDetail, itemId: number): string {
  const item = order.items.find((i) => i.itemId === itemId);
  return item ? lineName(item) : `item ${itemId}`;
}
