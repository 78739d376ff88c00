import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ok, serverMessageOf, type Incident } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useToast } from '../toast/toast';

export const INCIDENTS = '/api/admin/incidents';

const formatWhen = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The online orders an incident names, each a link to its page in the admin. */
function OrderLinks({ incident }: { incident: Incident }) {
  return (
    <>
      {incident.orders.map((number, i) => (
        <span key={incident.orderIds[i] ?? number}>
          {i > 0 && ', '}
          <Link to={`/admin/orders/${incident.orderIds[i]}`}>{number}</Link>
        </span>
      ))}
    </>
  );
}

/** Resolve with a note of how it was settled; the note is required, Enter in it never submits by accident (it is a textarea). */
function ResolveForm({ incident, onDone }: { incident: Incident; onDone: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inFlight = useRef(false);
  const resolve = useMutation({
    mutationFn: (text: string) => ok(api.POST('/api/admin/incidents/{id}/resolve', { params: { path: { id: incident.id } }, body: { note: text } })),
    onSuccess: () => {
      toast({ title: 'Incident resolved', description: `${incident.name} (${incident.orders.join(', ')}) is settled.` });
      void client.invalidateQueries({ queryKey: [INCIDENTS] });
      onDone();
    },
    onError: (error) => setProblem(serverMessageOf(error) ?? 'Failed to resolve the incident'),
    onSettled: () => {
      inFlight.current = false;
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) return setProblem('Say how it was settled: a refund, a piece made to order, ...');
    if (inFlight.current) return;
    inFlight.current = true;
    setProblem(null);
    resolve.mutate(note.trim());
  };
  return (
    <form className="step-form" aria-label={`Resolve ${incident.name}`} onSubmit={submit} noValidate>
      <label className="field">
        How was it settled?
        <textarea value={note} rows={3} maxLength={1000} placeholder="Refunded the online order; the stall's buyer kept the piece." onChange={(e) => setNote(e.target.value)} />
      </label>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={resolve.isPending}>
          {resolve.isPending ? 'Resolving...' : 'Mark resolved'}
        </button>
        <button type="button" className="button button-quiet" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function OpenIncident({ incident }: { incident: Incident }) {
  const [resolving, setResolving] = useState(false);
  return (
    <li className="row" data-testid="incident">
      <div>
        <p>
          <strong>{incident.name}</strong> <span className="badge badge-out">sold twice</span>
        </p>
        <p>
          Sold online in <OrderLinks incident={incident} /> and at the stall: Square counts {incident.squareCount}.
        </p>
        <p className="muted">
          Since {formatWhen(incident.openedAt)} · {incident.emailedAt ? 'the studio was emailed' : 'email on its way'} ·{' '}
          <Link to={`/admin/history/product/${incident.productId}`}>Stock history</Link>
        </p>
        {resolving && <ResolveForm incident={incident} onDone={() => setResolving(false)} />}
      </div>
      {!resolving && (
        <button type="button" className="button" onClick={() => setResolving(true)}>
          Resolve
        </button>
      )}
    </li>
  );
}

/**
 * Incidents: a piece sold online and at the stall in the same moment. Open ones stay at the top of
 * the dashboard until the studio resolves them with a note (new units at the stall do not clear
 * them); the last resolved ones are folded away below. Polled, since they open from the worker.
 */
export function Incidents() {
  const incidents = useQuery({ queryKey: [INCIDENTS], queryFn: () => ok(api.GET('/api/admin/incidents')), refetchInterval: 30_000 });
  const all = incidents.data ?? [];
  const open = all.filter((i) => i.resolvedAt === null);
  const resolved = all.filter((i) => i.resolvedAt !== null).slice(0, 5);
  if (!all.length) return null;
  return (
    <section className="card" aria-labelledby="incidents-title" {...(open.length ? { role: 'alert' } : {})}>
      <h2 id="incidents-title">{open.length ? `Incidents to settle (${open.length})` : 'Incidents'}</h2>
      {open.length > 0 ? (
        <>
          <p className="muted">Each piece below was sold online while the stall sold the same unit. Settle it with one of the buyers, then resolve it here.</p>
          <ul className="rows">
            {open.map((i) => (
              <OpenIncident key={i.id} incident={i} />
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">Nothing to settle.</p>
      )}
      {resolved.length > 0 && (
        <details>
          <summary>Recently resolved</summary>
          <ul className="rows">
            {resolved.map((i) => (
              <li key={i.id} className="row" data-testid="resolved-incident">
                <div>
                  <p>
                    <strong>{i.name}</strong> · <OrderLinks incident={i} /> · resolved {formatWhen(i.resolvedAt!)}
                  </p>
                  <p className="muted">{i.note}</p>
                </div>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
