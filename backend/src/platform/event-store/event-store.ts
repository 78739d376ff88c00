import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { currentContext } from '../context/request-context';
import { OutboxRoutes } from '../outbox/outbox-routes';
import { ProjectionRegistry } from '../projections/projection.registry';
import { ConcurrencyError } from './concurrency.error';
import { CHANGE_CHANNEL } from './change-feed';
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

/** The events appended so far inside `EventStore.inOneTransaction`, announced once it commits. */
const batch = new AsyncLocalStorage<RecordedEvent[]>();

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
      for (const event of recordedEvents) {
        await this.projections.apply(em, event);
        await this.enqueueJobs(em, event);
      }
      // Delivered to every listening process when (and only if) this transaction commits.
      await em.execute('select pg_notify(?, ?)', [CHANGE_CHANNEL, JSON.stringify({ streamType: stream.type, streamId: stream.id, version: expectedVersion + events.length })]);
      return recordedEvents;
    });
    const pending = batch.getStore();
    if (pending) pending.push(...recorded);
    else this.eventBus.publish(new EventsCommitted(recorded));
    return recorded;
  }

  /**
   * Runs `work` in one database transaction: every read and append inside it (through any command)
   * joins it, so it all commits or none of it does, and caches hear of the events only after the
   * commit. `lockKey` names a PostgreSQL advisory lock held until then, so that two processes doing
   * the same work take turns.
   */
  async inOneTransaction<T>(lockKey: string, work: () => Promise<T>): Promise<T> {
    const pending: RecordedEvent[] = [];
    const result = await (this.orm.em.fork() as EntityManager).transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [lockKey]);
      return batch.run(pending, work);
    });
    if (pending.length) this.eventBus.publish(new EventsCommitted(pending));
    return result;
  }

  /**
   * One statement: the rows go in only if the stream is exactly at `expectedVersion`. A writer that
   * read an older version finds it moved (no rows come back); one that names a version ahead of the
   * stream would leave a gap and is refused the same way; two writers at the same version clash on
   * the unique `(stream_id, version)`.
   */
  private async insert(em: EntityManager, stream: StreamRef, expectedVersion: number, events: DomainEvent[], metadata: string) {
    const values = events.map(() => '(?::uuid, ?, ?, ?::integer, ?, ?::jsonb, ?::jsonb)').join(', ');
    const params = events.flatMap((e, i) => [
      randomUUID(),
      stream.id,
      stream.type,
      expectedVersion + i + 1,
      e.type,
      JSON.stringify(e.data),
      metadata,
    ]);
    let rows: EventRow[];
    try {
      rows = await em.execute<EventRow[]>(
        `insert into events (event_id, stream_id, stream_type, version, type, data, metadata)
         select * from (values ${values}) as appended (event_id, stream_id, stream_type, version, type, data, metadata)
         where (select coalesce(max(version), 0) from events where stream_id = ?) = ?
         returning *`,
        [...params, stream.id, expectedVersion],
      );
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new ConcurrencyError(stream.id, expectedVersion);
      throw error;
    }
    if (rows.length !== events.length) throw new ConcurrencyError(stream.id, expectedVersion);
    return rows;
  }

  private async enqueueJobs(em: EntityManager, event: RecordedEvent): Promise<void> {
    for (const route of this.routes.for(event.type)) {
      await em.execute('insert into outbox (event_id, queue, job_name, payload) values (?, ?, ?, ?::jsonb)', [
        event.eventId,
        route.queue,
        route.jobName,
        JSON.stringify(event),
      ]);
    }
  }

  /** A fresh context, inside the transaction of `inOneTransaction` when there is one. */
  private em(): EntityManager {
    return this.orm.em.fork({ keepTransactionContext: true }) as EntityManager;
  }
}
