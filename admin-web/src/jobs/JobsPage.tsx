import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, serverMessageOf } from '../api/http';
import type { HeldOutboxRow, OutboxView } from '../api/types';
import { useToast } from '../toast/toast';

const OUTBOX = '/api/admin/outbox';

function Rows({ rows, empty }: { rows: HeldOutboxRow[]; empty: string }) {
  if (rows.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="rows">
      {rows.map((r) => (
        <li key={r.eventId} className="row">
          <div>
            <strong>{r.eventType}</strong> → {r.queue}/{r.jobName} · since {new Date(r.createdAt).toLocaleString()} · {r.attempts} failed attempts
            {r.lastError && <div className="muted">{r.lastError}</div>}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The jobs the outbox holds back (waiting for Redis, or dead after too many failures), and the way
 * to the queue dashboard (Bull Board), where the jobs in Redis are seen and failed ones retried.
 */
export function JobsPage() {
  const toast = useToast();
  const client = useQueryClient();
  const outbox = useQuery({ queryKey: [OUTBOX], queryFn: () => getJson<OutboxView>(OUTBOX), refetchInterval: 5000 });
  const retry = useMutation({
    mutationFn: () => apiRequest<{ retried: number }>('POST', `${OUTBOX}/retry-dead`),
    onSuccess: ({ retried }) => {
      toast({ title: 'Back in line', description: `${retried} dead ${retried === 1 ? 'row goes' : 'rows go'} to the queues again.` });
      void client.invalidateQueries({ queryKey: [OUTBOX] });
    },
    onError: (error) => toast({ title: 'Error', description: serverMessageOf(error) ?? 'Failed to retry the dead rows', variant: 'destructive' }),
  });
  return (
    <>
      <h1>Jobs</h1>
      <p>
        {/* A page of the server's, not of this app: a full navigation. */}
        <a className="button" href="/admin/queues">
          Open the queue dashboard
        </a>{' '}
        <span className="muted">every queue's jobs; failed ones with their error, retried from there.</span>
      </p>
      {outbox.isPending && <p>Loading the outbox...</p>}
      {outbox.isError && <p className="muted">The outbox could not be read.</p>}
      {outbox.data && (
        <>
          <h2>Waiting for Redis ({outbox.data.backlog.unsent})</h2>
          <Rows rows={outbox.data.waiting} empty="Nothing waits: every job reached its queue." />
          <h2>Dead ({outbox.data.backlog.dead})</h2>
          <Rows rows={outbox.data.dead} empty="No dead rows." />
          {outbox.data.dead.length > 0 && (
            <button type="button" className="button" disabled={retry.isPending} onClick={() => retry.mutate()}>
              Put the dead rows back in line
            </button>
          )}
        </>
      )}
    </>
  );
}
