import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ok } from '@dark-circle/api-client';
import { api } from '../api/client';
import { Pager } from '../list/Pager';
import { useListQuery } from '../list/useListQuery';
import { addressLine, formatWhen, fulfilmentLabel, ORDERS, refundLabel, STATUS_FILTERS, type StatusFilter } from './order-labels';

const PAGE_SIZE = 25;

/** Placed orders, newest first: searched by number, name or email, filtered by status, paged; each opens its order page. */
export function OrdersPage() {
  const list = useListQuery(['status']);
  const status = list.filters.status ?? '';
  const query = { search: list.search || undefined, status: (status || undefined) as StatusFilter | undefined, page: list.page, pageSize: PAGE_SIZE };
  const orders = useQuery({
    queryKey: [ORDERS, 'page', list.search, status, list.page],
    queryFn: () => ok(api.GET('/api/admin/orders', { params: { query } })),
    placeholderData: keepPreviousData,
  });
  const data = orders.data;
  // The orders ticked for packing slips, kept across pages and searches until printed.
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  return (
    <>
      <h1>Orders</h1>
      <div className="toolbar">
        <label>
          Search orders
          <input type="search" value={list.typed} placeholder="Number, name or email" maxLength={100} onChange={(e) => list.setTyped(e.target.value)} />
        </label>
        <label>
          Status
          <select value={status} onChange={(e) => list.setFilter('status', e.target.value)}>
            {STATUS_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        {chosen.length > 0 && (
          <Link className="button" to={`/admin/packing-slips?ids=${chosen.join(',')}`}>
            Packing slips ({chosen.length})
          </Link>
        )}
      </div>
      {orders.isPending && <p>Loading orders...</p>}
      {orders.isError && <p className="error-text">Failed to load orders.</p>}
      {data?.total === 0 && <p className="muted">{list.search || status ? 'No order matches.' : 'No paid orders yet.'}</p>}
      {data && data.total > 0 && (
        <>
          <div className="table-wrap">
            <table className="data-table orders-table" aria-label="Orders">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Delivery</th>
                  <th scope="col" className="num">
                    Total
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.orders.map((o) => (
                  <tr key={o.id} data-testid="order">
                    <td>
                      <input type="checkbox" className="order-pick" checked={chosen.includes(o.id)} aria-label={`Choose ${o.orderNumber}`} onChange={() => toggle(o.id)} />
                      <Link to={`/admin/orders/${o.id}`}>{o.orderNumber}</Link>
                    </td>
                    <td className="orders-table__placed">{formatWhen(o.createdAt)}</td>
                    <td>
                      {o.customerName}
                      <br />
                      <span className="muted">{o.customerEmail}</span>
                    </td>
                    <td className="orders-table__delivery">
                      {o.fulfillmentMethod === 'pickup' ? 'Local Pickup' : `Shipping${o.shippingAddress ? ` to ${addressLine(o.shippingAddress)}` : ''}`}
                    </td>
                    <td className="num">${o.total}</td>
                    <td>
                      <span className={`badge ${o.fulfilment === 'unfulfilled' ? '' : 'badge-ok'}`}>{fulfilmentLabel[o.fulfilment]}</span>{' '}
                      {refundLabel(o) && <span className="badge badge-out">{refundLabel(o)}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label="Orders" page={data.page} pageSize={data.pageSize} total={data.total} onPage={list.setPage} />
        </>
      )}
    </>
  );
}
