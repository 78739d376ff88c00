import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import type { Projection } from '../platform/projections/projection';
import { insertRow, SqlWrite, toColumns, updateById, write } from '../platform/projections/sql-write';
import { streamRows } from '../platform/projections/stream-rows';
import { localEventStream, type LocalEventEvent } from './local-event.events';

const COLUMNS = { title: 'title', startsAt: 'starts_at', endsAt: 'ends_at', place: 'place', address: 'address', mapUrl: 'map_url', note: 'note' } as const;

/** The calendar the home page and the admin read: one row per event on it; a removed one goes. */
@Injectable()
export class LocalEventProjection implements Projection {
  readonly name = 'local-events';
  readonly tables = ['local_events'];

  writesFor(recorded: RecordedEvent): SqlWrite[] {
    const rows = streamRows<LocalEventEvent>(recorded, localEventStream);
    if (!rows) return [];
    const { event, id, stamp } = rows;
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
  }
}
