import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiRequest, getJson, serverMessageOf } from '../api/http';
import type { AdminOrder, AdminOrderPage } from '../api/schema';
import { useToast } from '../toast/toast';

const ORDERS = '/api/admin/orders';

export function OrdersPage() {
  const client = useQueryClient();
  const toast = useToast();
  const orders = useQuery({ queryKey: [ORDERS], queryFn: async () => (await getJson<AdminOrderPage>(ORDERS)).orders });
  const fulfil = useMutation({
    mutationFn: (order: AdminOrder) => apiRequest<AdminOrder>('POST', `${ORDERS}/${order.id}/fulfil`),
    onSuccess: (order) => {
      toast({ title: order.fulfilledAs === 'shipped' ? 'Order shipped' : 'Order picked up', description: `Order ${order.orderNumber} is fulfilled.` });
      void client.invalidateQueries({ queryKey: [ORDERS] });
    },
    onError: (error) => toast({ title: 'Error', description: serverMessageOf(error) ?? 'Failed to update the order', variant: 'destructive' }),
  });

  return (
    <>
      <h1>Orders</h1>
      {orders.isPending && <p>Loading orders...</p>}
      {orders.isError && <p className="error-text">Failed to load orders.</p>}
      {orders.data?.length === 0 && <p className="muted">No paid orders yet.</p>}
      <ul className="rows">
        {orders.data?.map((o) => (
          <li key={o.id} className="row" data-testid="order">
            <div>
              <strong>{o.orderNumber}</strong> · {new Date(o.createdAt).toLocaleString()} · ${o.total}
              <ul className="lines">
                {o.items.map((i) => (
                  <li key={i.productId}>
                    {i.name} × {i.quantity} · ${i.price}
                  </li>
                ))}
              </ul>
              <p>
                {o.customerName} · <a href={`mailto:${o.customerEmail}`}>{o.customerEmail}</a>
              </p>
              <p className="muted">
                {o.fulfillmentMethod === 'pickup' ? 'Local Pickup' : 'Shipping'}
                {o.shippingAddress && ` to ${o.shippingAddress.address}, ${o.shippingAddress.city}, ${o.shippingAddress.state} ${o.shippingAddress.zipCode}, ${o.shippingAddress.country}`}
                {' · '}
                <Link to={`/admin/history/order/${o.id}`}>History</Link>
              </p>
            </div>
            {o.fulfilledAs ? (
              <span className="badge badge-ok">{o.fulfilledAs === 'shipped' ? 'Shipped' : 'Picked up'}</span>
            ) : (
              <button type="button" className="button" disabled={fulfil.isPending} onClick={() => fulfil.mutate(o)}>
                {o.fulfillmentMethod === 'pickup' ? 'Mark Picked Up' : 'Mark Shipped'}
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
