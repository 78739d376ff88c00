import { insertRow, toColumns, updateById, write } from '../platform/projections/sql-write';
import { streamProjection } from '../platform/projections/stream-projection';
import { localEventStream, type LocalEventEvent } from './local-event.events';

const COLUMNS = { title: 'title', startsAt: 'starts_at', endsAt: 'ends_at', place: 'place', address: 'address', mapUrl: 'map_url', note: 'note' } as const;

/** The calendar the home page and the admin read: one row per event on it; a removed one goes. */
export const localEventProjection = streamProjection<LocalEventEvent>({ name: 'local-events', tables: ['local_events'], stream: localEventStream }, (event, id, stamp) => {
  switch (event.type) {
    case 'LocalEventScheduled':
      return [insertRow('local_events', { id, ...toColumns(event.data, COLUMNS), ...stamp })];
    case 'LocalEventChanged':
      return [updateById('local_events', id, { ...toColumns(event.data.changes, COLUMNS), ...stamp })];
    case 'LocalEventRemoved':
      return [write('delete from local_events where id = ?', id)];
    default:
      return [];
  }
});
