import { useQueries } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { ok, type AdminOrderDetail } from '@dark-circle/api-client';
import { api } from '../api/client';
import { formatWhen, lineName, ORDERS } from './order-labels';

/** `/admin/orders/:id/packing-slip`: one order's slip. */
export function PackingSlipPage() {
  const { id = '' } = useParams();
  return <PackingSlips ids={[id]} back={`/admin/orders/${id}`} />;
}

/** `/admin/packing-slips?ids=…`: the slips of the orders chosen in the list, one to a printed page. */
export function SelectedPackingSlipsPage() {
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
  return <PackingSlips ids={ids} back="/admin/orders" />;
}

/**
 * Packing slips as the parcel carries them: who it goes to, what is in it (what was refunded left
 * out), and the shopper's words; no prices, since a parcel may be a gift. Printing leaves the admin's
 * header and these buttons off and starts each slip on its own page.
 */
function PackingSlips({ ids, back }: { ids: string[]; back: string }) {
  const orders = useQueries({
    queries: ids.map((id) => ({ queryKey: [ORDERS, 'detail', id], queryFn: () => ok(api.GET('/api/admin/orders/{id}', { params: { path: { id } } })) })),
  });
  if (ids.length === 0) return <p>No orders chosen.</p>;
  if (orders.some((o) => o.isPending)) return <p>Loading packing slips...</p>;
  if (orders.some((o) => o.isError)) return <p className="error-text">Failed to load the orders.</p>;
  return (
    <>
      <div className="actions no-print">
        <Link to={back}>Back</Link>
        <button type="button" className="button" onClick={() => window.print()}>
          Print {ids.length === 1 ? 'packing slip' : `${ids.length} packing slips`}
        </button>
      </div>
      {orders.map((o) => o.data && <PackingSlip key={o.data.id} order={o.data} />)}
    </>
  );
}

function PackingSlip({ order }: { order: AdminOrderDetail }) {
  const lines = order.items.map((i) => ({ ...i, packed: i.quantity - i.refundedQuantity })).filter((i) => i.packed > 0);
  return (
    <article className="packing-slip" data-testid="packing-slip" aria-label={`Packing slip ${order.orderNumber}`}>
      <header className="packing-slip__head">
        <p className="packing-slip__shop">The Dark Circle</p>
        <p>
          Order <span className="order-number">{order.orderNumber}</span>
          <br />
          {formatWhen(order.createdAt)}
        </p>
      </header>
      <section>
        <h2>{order.fulfillmentMethod === 'pickup' ? 'Local Pickup' : 'Ship to'}</h2>
        <p>
          {order.customerName}
          {order.fulfillmentMethod === 'shipping' && order.shippingAddress && (
            <>
              <br />
              {order.shippingAddress.address}
              <br />
              {order.shippingAddress.city}, {order.shippingAddress.state} {order.shippingAddress.zipCode}
              <br />
              {order.shippingAddress.country}
            </>
          )}
        </p>
      </section>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Quantity
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((i) => (
            <tr key={i.itemId}>
              <td>{lineName(i)}</td>
              <td className="num">{i.packed}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.customerNote && (
        <section>
          <h2>Your note</h2>
          <p className="customer-note__text">{order.customerNote}</p>
        </section>
      )}
      <p className="packing-slip__thanks">Thank you for shopping with The Dark Circle.</p>
    </article>
  );
}
