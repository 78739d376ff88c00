import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ok, serverMessageOf } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useToast } from '../toast/toast';

const STOCK_ALERTS = '/api/admin/stock-alerts';

type StockAlert = Awaited<ReturnType<typeof readAlerts>>['alerts'][number];
const readAlerts = () => ok(api.GET('/api/admin/stock-alerts'));

/** What each kind of alert asks of the studio. */
const ADVICE: Record<StockAlert['kind'], string> = {
  'oversold-at-stall': 'An online order was paid for these too: recount at the stall once the shortfall is settled.',
  'not-sent-to-square': "The shop keeps sending these to Square; until they get there, Square's count (and the stall) still offers those units.",
  'push-refused': 'Square will not take these stock changes: change the count in Square, then dismiss.',
  'restock-refused': 'These refunded units were not put back on the shelf: put them away by hand, then dismiss.',
};

/**
 * What the studio must look at about stock: products the stall oversold (Square's count below zero),
 * stock changes Square has not heard of for a while, changes Square refused for good, and refunded
 * units not put back on a variant no longer sold. Shown only when there are any; polled, since stall
 * sales arrive by webhook at any time. Refusals stay until the studio dismisses them.
 */
export function StockAlerts() {
  const toast = useToast();
  const client = useQueryClient();
  const alerts = useQuery({ queryKey: [STOCK_ALERTS], queryFn: readAlerts, refetchInterval: 30_000 });
  const dismiss = useMutation({
    mutationFn: (a: StockAlert) => ok(api.POST('/api/admin/stock-alerts/dismiss', { body: { productId: a.productId, variantId: a.variantId, alert: a.alert ?? '' } })),
    onSuccess: () => void client.invalidateQueries({ queryKey: [STOCK_ALERTS] }),
    onError: (error) => toast({ title: 'Error', description: serverMessageOf(error) ?? 'The alert could not be dismissed.', variant: 'destructive' }),
  });
  const list = alerts.data?.alerts ?? [];
  if (!list.length) return null;
  const kinds = [...new Set(list.map((a) => a.kind))];
  return (
    <section className="card" role="alert" aria-labelledby="stock-alerts-title">
      <h2 id="stock-alerts-title">Stock alerts</h2>
      <ul>
        {list.map((a) => (
          <li key={`${a.kind}/${a.variantId}/${a.alert ?? a.since ?? ''}`}>
            {a.kind === 'oversold-at-stall' ? (
              <>
                <Link to={`/admin/history/product/${a.productId}`}>{a.name}</Link>: <strong className="error-text">oversold at the stall</strong> (Square counts {a.squareCount})
              </>
            ) : (
              <>
                <span className="error-text">{a.message}</span> (<Link to={`/admin/history/product/${a.productId}`}>history</Link>)
              </>
            )}
            {a.alert && (
              <>
                {' '}
                <button type="button" className="button" disabled={dismiss.isPending} onClick={() => dismiss.mutate(a)}>
                  Dismiss
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {kinds.map((kind) => (
        <p key={kind} className="muted">
          {ADVICE[kind]}
        </p>
      ))}
    </section>
  );
}
