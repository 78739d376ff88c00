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
    this.eventBus.publish(new EventsCommitted(recorded));
    return recorded;
  }

  private async insert(em: EntityManager, stream: StreamRef, expectedVersion: number, events: DomainEvent[], metadata: string) {
    const values = events.map(() => '(?, ?, ?, ?, ?, ?::jsonb, ?::jsonb)').join(', ');
    const params = events.flatMap((e, i) => [
      randomUUID(),
      stream.id,
      stream.type,
      expectedVersion + i + 1,
      e.type,
      JSON.stringify(e.data),
      metadata,
    ]);
    try {
      return await em.execute<EventRow[]>(
        `insert into events (event_id, stream_id, stream_type, version, type, data, metadata) values ${values} returning *`,
        params,
      );
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new ConcurrencyError(stream.id, expectedVersion);
      throw error;
    }
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

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }
}
