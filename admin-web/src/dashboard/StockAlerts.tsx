import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ok } from '@dark-circle/api-client';
import { api } from '../api/client';

const STOCK_ALERTS = '/api/admin/stock-alerts';

/**
 * Products the stall sold while an online checkout held the same units: the online sale went
 * through, so Square's count is below zero until someone recounts at the stall. Shown only when
 * there are any; polled, since stall sales arrive by webhook at any time.
 */
export function StockAlerts() {
  const alerts = useQuery({ queryKey: [STOCK_ALERTS], queryFn: () => ok(api.GET('/api/admin/stock-alerts')), refetchInterval: 30_000 });
  const list = alerts.data?.alerts ?? [];
  if (!list.length) return null;
  return (
    <section className="card" role="alert" aria-labelledby="stock-alerts-title">
      <h2 id="stock-alerts-title">Stock alerts</h2>
      <ul>
        {list.map((a) => (
          <li key={a.variantId}>
            <Link to={`/admin/history/product/${a.productId}`}>{a.name}</Link>: <strong className="error-text">oversold at the stall</strong> (Square counts {a.squareCount})
          </li>
        ))}
      </ul>
      <p className="muted">An online order was paid for these too: recount at the stall once the shortfall is settled.</p>
    </section>
  );
}
