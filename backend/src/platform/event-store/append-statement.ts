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
 * read: a stream that moved on (or that a writer names a version ahead of, which would leave a
 * gap) gets no rows and the others go in regardless. Two transactions appending at the same
 * version clash on the unique `(stream_id, version)` and the whole statement fails. With the
 * events go their outbox rows (the payload is the recorded event as `toRecordedEvent` then JSON
 * would give it) and one change notification per stream, delivered at commit.
 */
const APPEND_SQL = `
  with requested as (
    select * from jsonb_to_recordset(?::jsonb) as r (m integer, stream_id text, stream_type text, expected integer, n_events integer, metadata jsonb)
  ), ready as (
    select r.* from requested r
     where (select coalesce(max(version), 0) from events where stream_id = r.stream_id) = r.expected
  ), appended as (
    insert into events (event_id, stream_id, stream_type, version, type, data, metadata)
    select e.event_id, r.stream_id, r.stream_type, r.expected + e.n, e.type, e.data, r.metadata
      from jsonb_to_recordset(?::jsonb) as e (m integer, n integer, event_id uuid, type text, data jsonb)
      join ready r using (m)
      order by e.m, e.n
    returning *
  ), queued as (
    insert into outbox (event_id, queue, job_name, payload)
    select a.event_id, j.queue, j.job_name, jsonb_build_object(
        'type', a.type, 'data', a.data, 'eventId', a.event_id, 'streamId', a.stream_id, 'streamType', a.stream_type,
        'version', a.version, 'globalPosition', a.global_position::text, 'metadata', a.metadata,
        'recordedAt', to_char(a.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      from jsonb_to_recordset(?::jsonb) as j (event_id uuid, queue text, job_name text)
      join appended a using (event_id)
      order by a.global_position
  ), notified as (
    select pg_notify(?, r.stream_type || '|' || r.stream_id || '|' || (r.expected + r.n_events)) from ready r
  )
  select a.* from appended a cross join (select count(*) from notified) as n
  order by a.global_position`;

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
  const jobs = events.flatMap((e) => routes.for(e.type).map((route) => ({ event_id: e.event_id, queue: route.queue, job_name: route.jobName })));
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
