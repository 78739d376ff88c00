import { randomUUID } from 'node:crypto';
import { CHANGE_CHANNEL } from '../change-feed/change-feed';
import type { OutboxRoutes } from '../outbox/outbox-routes';
import type { EventRow } from './event-row';
import type { DomainEvent } from './recorded-event';

export interface StreamRef {
  id: string;
  type: string;
}

/** One caller's append: these events after exactly this version of the stream. */
export interface AppendRequest {
  stream: StreamRef;
  expectedVersion: number;
  events: readonly DomainEvent[];
  metadata: { correlationId: string; causationId?: string; actor: string };
}

/**
 * Appends to many streams at once, each only if its stream is exactly at the version its writer
 * read, with the events' outbox rows and one change notification per stream: see the migration
 * that defines `append_events` for what it checks and writes.
 */
const APPEND_SQL = 'select * from append_events(?::jsonb, ?::jsonb, ?::jsonb, ?)';

export interface AppendStatement {
  sql: string;
  params: unknown[];
  /** Each request's rows, in version order, or undefined where its stream was not at the expected version. */
  rowsOf(rows: readonly EventRow[]): (EventRow[] | undefined)[];
}

/** The one statement that appends `requests`: one round trip whatever the number of streams, events or routes. */
export function appendStatement(requests: readonly AppendRequest[], routes: OutboxRoutes): AppendStatement {
  const owner = new Map<string, number>();
  const events = requests.flatMap((r, m) =>
    r.events.map((e, i) => {
      const eventId = randomUUID();
      owner.set(eventId, m);
      return { m, n: i + 1, event_id: eventId, type: e.type, data: e.data };
    }),
  );
  const jobs = events.flatMap((e) =>
    routes.of({ type: e.type, data: e.data, metadata: requests[e.m].metadata }).map((route) => ({ event_id: e.event_id, queue: route.queue, job_name: route.jobName })),
  );
  const streams = requests.map((r, m) => ({
    m,
    stream_id: r.stream.id,
    stream_type: r.stream.type,
    expected: r.expectedVersion,
    n_events: r.events.length,
    metadata: r.metadata,
  }));
  return {
    sql: APPEND_SQL,
    params: [JSON.stringify(streams), JSON.stringify(events), JSON.stringify(jobs), CHANGE_CHANNEL],
    rowsOf(rows) {
      const byRequest = requests.map((): EventRow[] => []);
      for (const row of rows) byRequest[owner.get(row.event_id)!].push(row);
      return byRequest.map((own, m) => (own.length === requests[m].events.length ? own : undefined));
    },
  };
}
