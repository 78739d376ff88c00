import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import type { Projection } from '../platform/projections/projection';
import { insertRow, SqlWrite, toColumns, updateById, write } from '../platform/projections/sql-write';
import { LOCAL_EVENT_STREAM_TYPE, LocalEventEvent, localEventStream } from './local-event.events';

const COLUMNS = { title: 'title', startsAt: 'starts_at', endsAt: 'ends_at', place: 'place', address: 'address', mapUrl: 'map_url', note: 'note' } as const;

/** The calendar the home page and the admin read: one row per event on it; a removed one goes. */
@Injectable()
export class LocalEventProjection implements Projection {
  readonly name = 'local-events';
  readonly tables = ['local_events'];

  writesFor(recorded: RecordedEvent): SqlWrite[] {
    if (recorded.streamType !== LOCAL_EVENT_STREAM_TYPE) return [];
    const event = recorded as RecordedEvent<LocalEventEvent>;
    const id = localEventStream.idOf(event.streamId);
    const stamp = { version: event.version, updated_at: event.recordedAt };
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
