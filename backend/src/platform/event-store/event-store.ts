import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CHANGE_CHANNEL, ChangeFeed, StreamChange } from '../change-feed/change-feed';
import { currentContext } from '../context/request-context';
import { OutboxRoutes } from '../outbox/outbox-routes';
import { ProjectionRegistry } from '../projections/projection.registry';
import { ConcurrencyError } from './concurrency.error';
import { EventRow, toRecordedEvent } from './event-row';
import { DomainEvent, EventsCommitted, RecordedEvent } from './recorded-event';

export interface StreamRef {
  id: string;
  type: string;
}

export interface LoadedStream<E extends DomainEvent> {
  version: number;
  events: RecordedEvent<E>[];
}

const UNIQUE_VIOLATION = '23505';

/** What was appended inside `EventStore.inOneTransaction`, announced once it commits. */
interface Batch {
  events: RecordedEvent[];
  changes: StreamChange[];
}
const batch = new AsyncLocalStorage<Batch>();

/**
 * The rows go in only if the stream is exactly at the expected version: a writer that read an older
 * version finds it moved (no rows come back), one that names a version ahead of the stream would
 * leave a gap and is refused the same way, and two writers at the same version clash on the unique
 * `(stream_id, version)`. The outbox payload is the recorded event as `toRecordedEvent` then JSON
 * would give it.
 */
const APPEND_SQL = `
  with appended as (
    insert into events (event_id, stream_id, stream_type, version, type, data, metadata)
    select e.event_id, ?, ?, ? + e.n, e.type, e.data, ?::jsonb
      from jsonb_to_recordset(?::jsonb) as e (n integer, event_id uuid, type text, data jsonb)
      where (select coalesce(max(version), 0) from events where stream_id = ?) = ?
      order by e.n
    returning *
  ), queued as (
    insert into outbox (event_id, queue, job_name, payload)
    select a.event_id, j.queue, j.job_name, jsonb_build_object(
        'type', a.type, 'data', a.data, 'eventId', a.event_id, 'streamId', a.stream_id, 'streamType', a.stream_type,
        'version', a.version, 'globalPosition', a.global_position::text, 'metadata', a.metadata,
        'recordedAt', to_char(a.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      from jsonb_to_recordset(?::jsonb) as j (event_id uuid, queue text, job_name text)
      join appended a using (event_id)
  )
  select a.* from appended a cross join (select pg_notify(?, ?)) as notified
  order by a.version`;

/**
 * The one place events are written. An append, its inline projections and its outbox rows
 * commit together or not at all.
 */
@Injectable()
export class EventStore {
  constructor(
    private readonly orm: MikroORM,
    private readonly projections: ProjectionRegistry,
    private readonly routes: OutboxRoutes,
    private readonly eventBus: EventBus,
    private readonly feed: ChangeFeed,
  ) {}

  async readStream<E extends DomainEvent>(streamId: string): Promise<LoadedStream<E>> {
    const rows = await this.em().execute<EventRow[]>(
      'select * from events where stream_id = ? order by version',
      [streamId],
    );
    const events = rows.map((r) => toRecordedEvent(r) as RecordedEvent<E>);
    return { version: events.at(-1)?.version ?? 0, events };
  }

  /** Appends after `expectedVersion`; throws ConcurrencyError when another writer got there first. */
  async append<E extends DomainEvent>(stream: StreamRef, expectedVersion: number, events: E[]): Promise<RecordedEvent<E>[]> {
    if (events.length === 0) return [];
    const { correlationId, causationId, actor } = currentContext();
    const metadata = JSON.stringify({ correlationId, causationId, actor });
    const recorded = await this.em().transactional(async (em) => {
      const rows = await this.insert(em, stream, expectedVersion, events, metadata);
      const recordedEvents = rows.map((r) => toRecordedEvent(r) as RecordedEvent<E>);
      for (const event of recordedEvents) await this.projections.apply(em, event);
      return recordedEvents;
    });
    const change = { streamType: stream.type, streamId: stream.id, version: expectedVersion + events.length };
    const pending = batch.getStore();
    if (pending) {
      pending.events.push(...recorded);
      pending.changes.push(change);
    } else {
      this.feed.committed([change]);
      this.eventBus.publish(new EventsCommitted(recorded));
    }
    return recorded;
  }

  /**
   * Runs `work` in one database transaction: every read and append inside it (through any command)
   * joins it, so it all commits or none of it does, and caches hear of the events only after the
   * commit. `lockKey` names a PostgreSQL advisory lock held until then, so that two processes doing
   * the same work take turns.
   */
  async inOneTransaction<T>(lockKey: string, work: () => Promise<T>): Promise<T> {
    const pending: Batch = { events: [], changes: [] };
    const result = await (this.orm.em.fork() as EntityManager).transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [lockKey]);
      return batch.run(pending, work);
    });
    if (pending.changes.length) this.feed.committed(pending.changes);
    if (pending.events.length) this.eventBus.publish(new EventsCommitted(pending.events));
    return result;
  }

  /**
   * Events, their outbox rows and the change notification in one statement: one round trip
   * whatever the number of events or routes.
   */
  private async insert(em: EntityManager, stream: StreamRef, expectedVersion: number, events: DomainEvent[], metadata: string) {
    const numbered = events.map((e, i) => ({ n: i + 1, event_id: randomUUID(), type: e.type, data: e.data }));
    const jobs = numbered.flatMap((e) => this.routes.for(e.type).map((route) => ({ event_id: e.event_id, queue: route.queue, job_name: route.jobName })));
    const newVersion = expectedVersion + events.length;
    let rows: EventRow[];
    try {
      rows = await em.execute<EventRow[]>(APPEND_SQL, [
        stream.id,
        stream.type,
        expectedVersion,
        metadata,
        JSON.stringify(numbered),
        stream.id,
        expectedVersion,
        JSON.stringify(jobs),
        CHANGE_CHANNEL,
        `${stream.type}|${stream.id}|${newVersion}`,
      ]);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new ConcurrencyError(stream.id, expectedVersion);
      throw error;
    }
    if (rows.length !== events.length) throw new ConcurrencyError(stream.id, expectedVersion);
    return rows;
  }

  /** A fresh context, inside the transaction of `inOneTransaction` when there is one. */
  private em(): EntityManager {
    return this.orm.em.fork({ keepTransactionContext: true }) as EntityManager;
  }
}
