import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ok, serverMessageOf, type AdminLocalEvent } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useToast } from '../toast/toast';
import { browserTimeZone, fromLocalInput, toLocalInput } from './event-times';
import { LOCAL_EVENTS } from './EventsPage';

const blank = { title: '', startsAt: '', endsAt: '', place: '', address: '', mapUrl: '', note: '' };
type Fields = typeof blank;

const fieldsOf = (event: AdminLocalEvent): Fields => ({
  title: event.title,
  startsAt: toLocalInput(event.startsAt),
  endsAt: toLocalInput(event.endsAt),
  place: event.place,
  address: event.address,
  // The map search the shop makes when none was given is not the studio's own link.
  mapUrl: event.mapUrl.startsWith('https://www.google.com/maps/search/') ? '' : event.mapUrl,
  note: event.note ?? '',
});

/** Adds an event to the calendar, or corrects one; the server checks every field again. */
export function EventForm({ event, onDone }: { event?: AdminLocalEvent; onDone: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState<Fields>(event ? fieldsOf(event) : blank);
  const set = (key: keyof Fields, value: string) => setForm((f) => ({ ...f, [key]: value }));

  const save = useMutation({
    mutationFn: () => {
      // The start is required: Save waits for it.
      const body = { ...form, startsAt: fromLocalInput(form.startsAt) ?? '', endsAt: fromLocalInput(form.endsAt), mapUrl: form.mapUrl || null, note: form.note || null };
      return event ? ok(api.PATCH('/api/admin/local-events/{id}', { params: { path: { id: event.id } }, body })) : ok(api.POST('/api/admin/local-events', { body }));
    },
    onSuccess: () => {
      toast(event ? { title: 'Event updated', description: `${form.title} has been saved.` } : { title: 'Event added', description: `${form.title} is on the home page.` });
      void client.invalidateQueries({ queryKey: [LOCAL_EVENTS] });
      onDone();
    },
    onError: (error) => toast({ title: 'Error', description: serverMessageOf(error) ?? 'Failed to save the event', variant: 'destructive' }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const ready = form.title.trim() !== '' && form.startsAt !== '' && form.place.trim() !== '' && form.address.trim() !== '';

  return (
    <form className="card product-form" onSubmit={submit} aria-label={event ? `Edit ${event.title}` : 'Add Event'}>
      <h2>{event ? 'Edit Event' : 'Add Event'}</h2>
      <label>
        Title
        <input value={form.title} onChange={(e) => set('title', e.target.value)} required maxLength={120} placeholder="Night Market" />
      </label>
      <div className="form-pair">
        <label>
          Starts
          <input type="datetime-local" value={form.startsAt} onChange={(e) => set('startsAt', e.target.value)} required />
        </label>
        <label>
          Ends (optional)
          <input type="datetime-local" value={form.endsAt} min={form.startsAt || undefined} onChange={(e) => set('endsAt', e.target.value)} />
        </label>
      </div>
      <p className="muted">Times are in this computer&apos;s time zone ({browserTimeZone()}).</p>
      <label>
        Place
        <input value={form.place} onChange={(e) => set('place', e.target.value)} required maxLength={120} placeholder="The Old Mill" />
      </label>
      <label>
        Address
        <input value={form.address} onChange={(e) => set('address', e.target.value)} required maxLength={300} placeholder="12 Mill Lane, Salem, MA 01970" />
      </label>
      <label>
        Map link (optional)
        <input type="url" value={form.mapUrl} onChange={(e) => set('mapUrl', e.target.value)} maxLength={2048} placeholder="https://…" />
      </label>
      <p className="muted">Without one, shoppers get a map search for the place and address.</p>
      <label>
        Note (optional)
        <textarea value={form.note} onChange={(e) => set('note', e.target.value)} rows={2} maxLength={500} placeholder="Cash and cards; bring your jacket for patches." />
      </label>
      <div className="actions">
        <button type="submit" className="button" disabled={!ready || save.isPending}>
          {save.isPending ? 'Saving...' : event ? 'Save Changes' : 'Add Event'}
        </button>
        <button type="button" className="button button-quiet" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
