import { useQuery } from '@tanstack/react-query';
import { ok } from '@dark-circle/api-client';
import { api } from '../api/client';

export const FUNNEL = '/api/admin/recovery/funnel?days=30';

/** The last 30 days of abandoned-cart recovery: abandoned, emailed, recovered, and what the recovered carts brought in. */
export function RecoveryFunnel() {
  const funnel = useQuery({ queryKey: [FUNNEL], queryFn: () => ok(api.GET('/api/admin/recovery/funnel', { params: { query: { days: 30 } } })) });
  if (funnel.isPending) return <p>Loading the recovery funnel...</p>;
  if (funnel.isError) return <p className="error-text">Failed to load the recovery funnel.</p>;
  const f = funnel.data;
  const share = (n: number) => (f.abandoned ? ` (${Math.round((n / f.abandoned) * 100)}%)` : '');
  return (
    <dl className="funnel" aria-label={`Recovery over the last ${f.days} days`} data-testid="recovery-funnel">
      <div>
        <dt>Abandoned</dt>
        <dd>{f.abandoned}</dd>
      </div>
      <div>
        <dt>Emailed</dt>
        <dd>
          {f.emailed}
          {share(f.emailed)}
        </dd>
      </div>
      <div>
        <dt>Recovered</dt>
        <dd>
          {f.recovered}
          {share(f.recovered)}
        </dd>
      </div>
      <div>
        <dt>Recovered revenue</dt>
        <dd>${f.recoveredRevenue}</dd>
      </div>
    </dl>
  );
}
