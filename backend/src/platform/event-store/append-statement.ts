import { randomUUID } from 'node:crypto';
import { CHANGE_CHANNEL } from '../change-feed/change-feed';
import type { OutboxRoutes } from '../outbox/outbox-routes';
import type { EventRow } from './event-row';
import type { DomainEvent, ProjectedEvent } from './recorded-event';

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
 * Appends to many streams at once, all of them or none: when any stream is not exactly at the
 * version its writer read it fails with STALE_STREAMS. With the events go their outbox rows and one
 * change notification per stream: see the migration that defines `append_events_all_or_none`.
 */
const APPEND_SQL = 'select * from append_events_all_or_none(?::jsonb, ?::jsonb, ?::jsonb, ?, ?::timestamptz)';

/** The SQLSTATE of an append refused because some streams moved on; its detail lists their requests' indexes. */
const STALE_STREAMS = 'DC409';

/** The indexes of the requests whose streams were not at their expected versions, if that is what `error` says. */
export function staleRequests(error: unknown): number[] | undefined {
  const { code, detail } = error as { code?: string; detail?: string };
  return code === STALE_STREAMS && detail ? (JSON.parse(detail) as number[]) : undefined;
}

export interface AppendStatement {
  sql: string;
  params: unknown[];
  /** Each request's events as they will be stored, but for their global positions: what the projections are written from. */
  projected: ProjectedEvent[][];
  /** Each request's rows, in version order. */
  rowsOf(rows: readonly EventRow[]): EventRow[][];
  /** Whether each request's events got outbox rows. */
  queued: boolean[];
}

/**
 * The one statement that appends `requests`, recorded at `recordedAt`: one round trip whatever the
 * number of streams, events or routes. Event ids are made here, so that the events are known whole
 * (but for their positions) before the statement is sent. Each stream's change notification names
 * `origin` (the appending process's change feed) and how many outbox rows the stream's events got.
 */
export function appendStatement(requests: readonly AppendRequest[], routes: OutboxRoutes, origin: string, recordedAt = new Date()): AppendStatement {
  const owner = new Map<string, number>();
  const projected = requests.map((): ProjectedEvent[] => []);
  const events = requests.flatMap((r, m) =>
    r.events.map((e, i) => {
      const eventId = randomUUID();
      owner.set(eventId, m);
      projected[m].push({ ...e, eventId, streamId: r.stream.id, streamType: r.stream.type, version: r.expectedVersion + i + 1, metadata: r.metadata, recordedAt });
      return { m, n: i + 1, event_id: eventId, type: e.type, data: e.data };
    }),
  );
  const jobsOf = requests.map(() => 0);
  const jobs = events.flatMap((e) =>
    routes.of({ type: e.type, data: e.data, metadata: requests[e.m].metadata }).map((route) => {
      jobsOf[e.m]++;
      return { event_id: e.event_id, queue: route.queue, job_name: route.jobName };
    }),
  );
  const streams = requests.map((r, m) => ({
    m,
    stream_id: r.stream.id,
    stream_type: r.stream.type,
    expected: r.expectedVersion,
    n_events: r.events.length,
    metadata: r.metadata,
    origin,
    jobs: jobsOf[m],
  }));
  return {
    sql: APPEND_SQL,
    params: [JSON.stringify(streams), JSON.stringify(events), JSON.stringify(jobs), CHANGE_CHANNEL, recordedAt.toISOString()],
    projected,
    queued: jobsOf.map((n) => n > 0),
    rowsOf(rows) {
      const byRequest = requests.map((): EventRow[] => []);
      for (const row of rows) byRequest[owner.get(row.event_id)!].push(row);
      return byRequest;
    },
  };
}
