import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ok, serverMessageOf, type AdminLocalEvent } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useToast } from '../toast/toast';
import { EventForm } from './EventForm';
import { formatWhen } from './event-times';

export const LOCAL_EVENTS = '/api/admin/local-events';

/** The studio's calendar: the markets and open-studio nights the home page and the welcome email list. */
export function EventsPage() {
  const events = useQuery({ queryKey: [LOCAL_EVENTS], queryFn: () => ok(api.GET('/api/admin/local-events')) });
  const [editing, setEditing] = useState<AdminLocalEvent | 'new' | null>(null);
  const coming = events.data?.filter((e) => !e.past) ?? [];
  const past = events.data?.filter((e) => e.past) ?? [];
  return (
    <>
      <div className="card-head">
        <h1>Events</h1>
        {editing === null && (
          <button type="button" className="button" onClick={() => setEditing('new')}>
            Add Event
          </button>
        )}
      </div>
      <p className="muted">Coming dates show on the home page (the next four) and in the newsletter welcome email; past ones drop off by themselves.</p>
      {editing !== null && <EventForm key={editing === 'new' ? 'new' : editing.id} event={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      {events.isPending && <p>Loading events...</p>}
      {events.isError && <p className="error-text">Failed to load events.</p>}
      {events.data && (
        <>
          <h2>Coming up</h2>
          {coming.length === 0 ? <p className="muted">Nothing on the calendar. The home page asks shoppers to check back.</p> : <EventRows events={coming} onEdit={setEditing} />}
          {past.length > 0 && (
            <>
              <h2>Past</h2>
              <EventRows events={past} onEdit={setEditing} />
            </>
          )}
        </>
      )}
    </>
  );
}

function EventRows({ events, onEdit }: { events: AdminLocalEvent[]; onEdit: (event: AdminLocalEvent) => void }) {
  return (
    <ul className="rows">
      {events.map((event) => (
        <li key={event.id} className="row" data-testid="admin-event">
          <div>
            <strong>{event.title}</strong>
            <p>{formatWhen(event)}</p>
            <p className="muted">
              {event.place}, {event.address}
            </p>
            {event.note && <p className="muted">{event.note}</p>}
          </div>
          <div className="actions">
            <button type="button" className="button button-quiet" onClick={() => onEdit(event)} aria-label={`Edit ${event.title}`}>
              Edit
            </button>
            <RemoveButton event={event} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Asks first: a removed date is gone from the home page at once. */
function RemoveButton({ event }: { event: AdminLocalEvent }) {
  const client = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: () => ok(api.DELETE('/api/admin/local-events/{id}', { params: { path: { id: event.id } } })),
    onSuccess: () => {
      toast({ title: 'Event removed', description: `${event.title} is off the calendar.` });
      void client.invalidateQueries({ queryKey: [LOCAL_EVENTS] });
    },
    onError: (error) => toast({ title: 'Error', description: serverMessageOf(error) ?? 'Failed to remove the event', variant: 'destructive' }),
  });
  const confirmAndRemove = () => {
    if (window.confirm(`Remove ${event.title} from the calendar?`)) remove.mutate();
  };
  return (
    <button type="button" className="button button-quiet" onClick={confirmAndRemove} disabled={remove.isPending} aria-label={`Remove ${event.title}`}>
      Remove
    </button>
  );
}
