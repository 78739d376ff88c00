import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useDashboard } from './sales';

// Chart.js is the biggest thing the admin would load: only this page asks for it, in a chunk of its own.
const RevenueChart = lazy(() => import('./RevenueChart'));

/** Sales at a glance: revenue and orders for today, 7 and 30 days, what waits to be fulfilled, low stock, and 30 days of revenue. */
export function SalesSummary() {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <p>Loading sales...</p>;
  if (dashboard.isError) return <p className="error-text">Failed to load sales.</p>;
  const d = dashboard.data;
  const spans = [
    { label: 'Today', id: 'today', sales: d.today },
    { label: 'Last 7 days', id: '7d', sales: d.last7Days },
    { label: 'Last 30 days', id: '30d', sales: d.last30Days },
  ];
  return (
    <>
      <section className="card" aria-labelledby="sales-title">
        <h2 id="sales-title">Sales</h2>
        <dl className="figures">
          {spans.map((s) => (
            <div key={s.id}>
              <dt>{s.label}</dt>
              <dd>
                <span className="figure" data-testid={`revenue-${s.id}`}>
                  ${s.sales.revenue}
                </span>
                <span className="muted">
                  {' '}
                  <span data-testid={`orders-${s.id}`}>{s.sales.orders}</span> {s.sales.orders === 1 ? 'order' : 'orders'}
                </span>
              </dd>
            </div>
          ))}
          <div>
            <dt>Waiting to be fulfilled</dt>
            <dd>
              <Link className="figure" to="/admin/orders?status=unfulfilled" data-testid="orders-waiting">
                {d.ordersWaiting}
              </Link>
              <span className="muted"> {d.ordersWaiting === 1 ? 'order' : 'orders'}</span>
            </dd>
          </div>
        </dl>
        <h3>Revenue per day, last 30 days</h3>
        <Suspense fallback={<p className="muted chart-box">Loading chart...</p>}>
          <RevenueChart days={d.revenueByDay} />
        </Suspense>
        <p className="muted">Days in {d.timeZone}; revenue is what orders took, less what was refunded.</p>
      </section>
      <section className="card" aria-labelledby="low-stock-title">
        <h2 id="low-stock-title">Low stock</h2>
        <p className="muted">Products and sizes with {d.lowStockAt} or fewer left.</p>
        {d.lowStock.length === 0 ? (
          <p>Nothing is running low.</p>
        ) : (
          <ul className="rows" data-testid="low-stock">
            {d.lowStock.map((p) => (
              <li key={p.variantId} className="row">
                <div className="item-line">
                  {p.imageUrl && <img className="thumb" src={p.imageUrl} alt="" width={40} height={40} />}
                  <Link to={`/inventory?search=${encodeURIComponent(p.name)}`}>{p.name}</Link>
                </div>
                <span className={`badge ${p.stock === 0 ? 'badge-out' : ''}`}>{p.stock === 0 ? 'Sold out' : `${p.stock} left`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
