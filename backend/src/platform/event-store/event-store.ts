import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ChangeFeed, StreamChange } from '../change-feed/change-feed';
import type { RequestContext } from '../context/request-context';
import { OutboxRoutes } from '../outbox/outbox-routes';
import { ProjectionRegistry } from '../projections/projection.registry';
import { toScript } from '../projections/sql-write';
import { AppendRequest, appendStatement, StreamRef } from './append-statement';
import { ConcurrencyError } from './concurrency.error';
import { EventRow, toRecordedEvent } from './event-row';
import { GroupCommit } from './group-commit';
import { writeInPooledTransaction } from './pooled-transaction';
import { DomainEvent, EventsCommitted, RecordedEvent } from './recorded-event';

export type { StreamRef } from './append-statement';

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
/**
 * Each `inOneTransaction`'s batch, by its database transaction, which MikroORM already finds for
 * every call inside it. Not an AsyncLocalStorage of its own: on Node 20 each one enabled costs
 * every promise in the process a hook.
 */
const batches = new WeakMap<object, Batch>();

/**
 * The one place events are written. An append, its inline projections and its outbox rows
 * commit together or not at all. Appends made outside a transaction of the caller's are group
 * committed (see GroupCommit): one transaction in flight, carrying every append that arrived while
 * the one before was busy.
 */
@Injectable()
export class EventStore {
  private readonly groups: GroupCommit;

  constructor(
    private readonly orm: MikroORM,
    private readonly projections: ProjectionRegistry,
    private readonly routes: OutboxRoutes,
    private readonly eventBus: EventBus,
    private readonly feed: ChangeFeed,
  ) {
    // One transaction in flight: concurrent commits each wait for their own flush to disk, which
    // measured slower than one commit carrying everything that gathered meanwhile.
    this.groups = new GroupCommit((requests) => this.writeGroup(requests), { transactions: 1, requests: 256 });
  }

  async readStream<E extends DomainEvent>(streamId: string): Promise<LoadedStream<E>> {
    const rows = await this.em().execute<EventRow[]>('select * from events where stream_id = ? order by version', [streamId]);
    const events = rows.map((r) => toRecordedEvent(r) as RecordedEvent<E>);
    return { version: events.at(-1)?.version ?? 0, events };
  }

  /**
   * Appends after `expectedVersion`, with `caller`'s correlation id, causation id and actor as the
   * events' metadata; throws ConcurrencyError when another writer got there first.
   */
  async append<E extends DomainEvent>(stream: StreamRef, expectedVersion: number, events: E[], caller: RequestContext): Promise<RecordedEvent<E>[]> {
    if (events.length === 0) return [];
    const { correlationId, causationId, actor } = caller;
    const request: AppendRequest = { stream, expectedVersion, events, metadata: { correlationId, causationId, actor } };
    // Asked of the global manager (it looks up the caller's transaction itself): no fork per append.
    const recorded = this.orm.em.isInTransaction() ? await this.appendInTransaction(this.em(), request) : await this.groups.append(request);
    return recorded as RecordedEvent<E>[];
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
      batches.set(em.getTransactionContext()!, pending);
      return work();
    });
    if (pending.changes.length) this.feed.committed(pending.changes);
    if (pending.events.length) this.eventBus.publish(new EventsCommitted(pending.events));
    return result;
  }

  /** A group in a transaction of its own; its members are announced once it committed. */
  private async writeGroup(requests: readonly AppendRequest[]): Promise<(RecordedEvent[] | undefined)[]> {
    const recorded = await writeInPooledTransaction(this.orm, this.projections, this.routes, requests);
    const changes = requests.flatMap((r, i) => (recorded[i] ? [changeOf(r)] : []));
    if (changes.length) this.feed.committed(changes);
    for (const events of recorded) if (events) this.eventBus.publish(new EventsCommitted(events));
    return recorded;
  }

  /**
   * Inside the caller's transaction (`inOneTransaction`): joined, under a savepoint so that a lost
   * race leaves the caller's transaction usable, and announced when the caller's commits.
   */
  private async appendInTransaction(em: EntityManager, request: AppendRequest): Promise<RecordedEvent[]> {
    const pending = batches.get(em.getTransactionContext()!);
    const statement = appendStatement([request], this.routes);
    const recorded = await em.transactional(async (tx) => {
      let rows: EventRow[];
      try {
        rows = await tx.execute<EventRow[]>(statement.sql, statement.params);
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new ConcurrencyError(request.stream.id, request.expectedVersion);
        throw error;
      }
      const [own] = statement.rowsOf(rows);
      if (!own) throw new ConcurrencyError(request.stream.id, request.expectedVersion);
      const events = own.map(toRecordedEvent);
      const script = toScript(tx.getPlatform(), this.projections.writesFor(events));
      if (script) await tx.execute(script);
      return events;
    });
    if (pending) {
      pending.events.push(...recorded);
      pending.changes.push(changeOf(request));
    } else {
      // Joined a transaction that is not `inOneTransaction`'s: there is no later moment to wait for.
      this.feed.committed([changeOf(request)]);
      this.eventBus.publish(new EventsCommitted(recorded));
    }
    return recorded;
  }

  /** A fresh context, inside the transaction of `inOneTransaction` when there is one. */
  private em(): EntityManager {
    return this.orm.em.fork({ keepTransactionContext: true }) as EntityManager;
  }
}

const changeOf = (r: AppendRequest): StreamChange => ({ streamType: r.stream.type, streamId: r.stream.id, version: r.expectedVersion + r.events.length });
