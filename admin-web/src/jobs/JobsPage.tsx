import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ok, serverMessageOf, type HeldOutboxRow } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useToast } from '../toast/toast';
import { jobInWords } from './job-words';

const OUTBOX = '/api/admin/outbox';

const tries = (n: number) => (n === 1 ? '1 try' : `${n} tries`);

function Rows({ rows, empty }: { rows: HeldOutboxRow[]; empty: string }) {
  if (rows.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="rows">
      {rows.map((r) => (
        <li key={r.eventId} className="row">
          <div>
            <strong>{jobInWords(r.jobName, r.queue)}</strong>
            <div className="muted">
              Since {new Date(r.createdAt).toLocaleString()}
              {r.attempts > 0 && ` · failed after ${tries(r.attempts)}`}
            </div>
            {/* The server's own error, for whoever the studio asks for help. */}
            {r.lastError && (
              <details>
                <summary>What went wrong</summary>
                <code>{r.lastError}</code>
              </details>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The jobs the outbox holds back (waiting for Redis, or dead after too many failures), and the way
 * to the queue dashboard (Bull Board), where the jobs in Redis are seen and failed ones retried.
 * Said in the studio's words: what the shop was doing, and what to do about it.
 */
export function JobsPage() {
  const toast = useToast();
  const client = useQueryClient();
  const outbox = useQuery({ queryKey: [OUTBOX], queryFn: () => ok(api.GET('/api/admin/outbox')), refetchInterval: 5000 });
  const retry = useMutation({
    mutationFn: () => ok(api.POST('/api/admin/outbox/retry-dead')),
    onSuccess: ({ retried }) => {
      toast({ title: 'Trying again', description: `${retried === 1 ? '1 task goes' : `${retried} tasks go`} back in line; they leave this page once done.` });
      void client.invalidateQueries({ queryKey: [OUTBOX] });
    },
    onError: (error) => toast({ title: 'Error', description: serverMessageOf(error) ?? 'The tasks could not be tried again.', variant: 'destructive' }),
  });
  return (
    <>
      <h1>Jobs</h1>
      <p className="muted">Emails, Square updates and reminders are sent in the background, a moment after what caused them. This page lists the ones that have not gone out.</p>
      {outbox.isPending && <p>Loading the outbox...</p>}
      {outbox.isError && <p className="muted">The outbox could not be read.</p>}
      {outbox.data && (
        <>
          <h2>Waiting to go out ({outbox.data.backlog.unsent})</h2>
          {outbox.data.waiting.length > 0 && (
            <p className="muted">
              The shop's job service is not answering; these go out by themselves once it is back. If they are still here in an hour, ask whoever looks after the shop's server.
            </p>
          )}
          <Rows rows={outbox.data.waiting} empty="Nothing is waiting: everything went out." />
          <h2>Stopped after failing ({outbox.data.backlog.dead})</h2>
          {outbox.data.dead.length > 0 && (
            <p className="muted">
              These failed again and again, so the shop stopped trying. Once the cause is fixed (an email server or Square being down, say), try them again; if they fail again, send the
              error below to whoever looks after the shop.
            </p>
          )}
          <Rows rows={outbox.data.dead} empty="Nothing has failed." />
          {outbox.data.dead.length > 0 && (
            <button type="button" className="button" disabled={retry.isPending} onClick={() => retry.mutate()}>
              Try them again
            </button>
          )}
        </>
      )}
      <h2>Everything the shop runs</h2>
      <p>
        {/* A page of the server's, not of this app: a full navigation. */}
        <a className="button" href="/admin/queues">
          Open the queue dashboard
        </a>{' '}
        <span className="muted">every background task, done or failed, for a closer look (it has a link back here).</span>
      </p>
    </>
  );
}
