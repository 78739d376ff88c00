import { useState, type FormEvent } from 'react';
import { ok, type AdminOrderDetail } from '@dark-circle/api-client';
import { api } from '../api/client';
import { formatWhen } from './order-labels';
import { errorText, useOrderAction } from './useOrderAction';

const NOTE_MAX = 1000;

/** The studio's own notes on the order, oldest first, each with who wrote it and when; and the box for the next. */
export function StaffNotes({ order }: { order: AdminOrderDetail }) {
  const [text, setText] = useState('');
  const add = useOrderAction(
    (body: { text: string }) => ok(api.POST('/api/admin/orders/{id}/notes', { params: { path: { id: order.id } }, body })),
    () => ({ title: 'Note added', description: `Order ${order.orderNumber}.` }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    add.mutate({ text: text.trim() }, { onSuccess: () => setText('') });
  };
  return (
    <section className="card" aria-labelledby="notes-title">
      <h2 id="notes-title">Notes</h2>
      {order.staffNotes.length === 0 ? (
        <p className="muted">No notes yet. Only the studio sees them.</p>
      ) : (
        <ul className="rows">
          {order.staffNotes.map((n, i) => (
            <li key={`${n.at}-${i}`} className="row staff-note" data-testid="staff-note">
              <div>
                <p className="staff-note__text">{n.text}</p>
                <span className="muted">
                  {n.by} · <time dateTime={n.at}>{formatWhen(n.at)}</time>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form className="step-form" aria-label="Add a note" onSubmit={submit}>
        <label>
          Note
          <textarea value={text} rows={3} maxLength={NOTE_MAX} placeholder="Only the studio sees it" onChange={(e) => setText(e.target.value)} />
        </label>
        {add.isError && (
          <p className="error-text" role="alert">
            {errorText(add.error)}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button button-quiet" disabled={add.isPending || !text.trim()}>
            Add note
          </button>
        </div>
      </form>
    </section>
  );
}
