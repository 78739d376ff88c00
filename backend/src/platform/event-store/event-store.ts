import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ChangeFeed } from '../change-feed/change-feed';
import { StreamCommitted } from '../change-feed/committed-events';
import { batchedReads } from '../database/batched-reads';
import type { RequestContext } from '../context/request-context';
import { OutboxRoutes } from '../outbox/outbox-routes';
import { ProjectionRegistry } from '../projections/projection.registry';
import { AppendRequest, StreamRef } from './append-statement';
import { EventRow, toRecordedEvent } from './event-row';
import { GroupCommit, GroupRolledBack } from './group-commit';
import { appendOnConnection, inPooledTransaction, writeInPooledTransaction } from './pooled-transaction';
import { DomainEvent, RecordedEvent } from './recorded-event';

export type { StreamRef } from './append-statement';

/**
 * Each read's events (the read's index in `read`), in version order: the reads as a jsonb array of
 * `{ read, stream_id, after }`. Lateral, so that each read is its own index scan (joined, the
 * planner scanned the whole table for a handful of reads).
 */
const BATCHED_READS_SQL = `
  select r.read, e.* from jsonb_to_recordset(?::jsonb) as r (read integer, stream_id text, after integer)
    cross join lateral (select * from events where stream_id = r.stream_id and version > r.after order by version) e
   order by r.read, e.version`;

export interface LoadedStream<E extends DomainEvent> {
  version: number;
  events: RecordedEvent<E>[];
}

/** What work inside `EventStore.inOneTransaction` reads and appends through: that transaction. */
export interface Transaction {
  /** One query (values inlined by MikroORM's escaping, as `em.execute` sends them): its rows. */
  execute<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** As `EventStore.append`, inside the transaction; a lost race rolls the whole transaction back. */
  append<E extends DomainEvent>(stream: StreamRef, expectedVersion: number, events: E[], caller: RequestContext): Promise<RecordedEvent<E>[]>;
}

/**
 * The one place events are written. An append, its inline projections and its outbox rows
 * commit together or not at all. Appends are group committed (see GroupCommit): one transaction in
 * flight, carrying every append that arrived while the one before was busy. Work that must commit
 * several appends together has `inOneTransaction`.
 */
@Injectable()
export class EventStore {
  private readonly groups: GroupCommit;
  /** Stream reads asked for together, in one query (see batchedReads): under load, commands on many streams start at once. */
  private readonly reads = batchedReads(async (reads: readonly { streamId: string; after: number }[]) => {
    const rows = await (this.orm.em as EntityManager)
      .getConnection()
      .execute<(EventRow & { read: number })[]>(BATCHED_READS_SQL, [JSON.stringify(reads.map((r, read) => ({ read, stream_id: r.streamId, after: r.after })))]);
    const byRead = reads.map((): EventRow[] => []);
    for (const { read, ...row } of rows) byRead[read].push(row);
    return byRead;
  });

  constructor(
    private readonly orm: MikroORM,
    private readonly projections: ProjectionRegistry,
    private readonly routes: OutboxRoutes,
    private readonly feed: ChangeFeed,
  ) {
    // One transaction in flight: concurrent commits each wait for their own flush to disk, which
    // measured slower than one commit carrying everything that gathered meanwhile.
    this.groups = new GroupCommit((requests) => this.writeGroup(requests), { transactions: 1, requests: 256 });
  }

  /**
   * The stream's events after version `after` (all of them by default), and the version it is at:
   * a caller that holds the state at some version reads only what came since.
   */
  async readStream<E extends DomainEvent>(streamId: string, after = 0): Promise<LoadedStream<E>> {
    const events = (await this.reads.load({ streamId, after })).map((r) => toRecordedEvent(r) as RecordedEvent<E>);
    return { version: events.at(-1)?.version ?? after, events };
  }

  /**
   * Appends after `expectedVersion`, with `caller`'s correlation id, causation id and actor as the
   * events' metadata; throws ConcurrencyError when another writer got there first.
   */
  async append<E extends DomainEvent>(stream: StreamRef, expectedVersion: number, events: E[], caller: RequestContext): Promise<RecordedEvent<E>[]> {
    if (events.length === 0) return [];
    return (await this.groups.append(appendRequest(stream, expectedVersion, events, caller))) as RecordedEvent<E>[];
  }

  /**
   * Runs `work` in one database transaction, on a connection of its own, under the PostgreSQL
   * advisory lock `lockKey` (so two processes doing the same work take turns): everything `work`
   * reads and appends through its `Transaction` commits together or not at all, and caches hear of
   * the events only after the commit (on the EventBus, as `StreamCommitted`, one per append).
   */
  async inOneTransaction<T>(lockKey: string, work: (tx: Transaction) => Promise<T>): Promise<T> {
    const platform = (this.orm.em as EntityManager).getPlatform();
    const commits: StreamCommitted[] = [];
    const result = await inPooledTransaction(
      this.orm,
      async (query) => {
        const execute = (sql: string, params: readonly unknown[] = []) => query(platform.formatQuery(sql, [...params]));
        await execute('select pg_advisory_xact_lock(hashtext(?))', [lockKey]);
        const append = async <E extends DomainEvent>(stream: StreamRef, expectedVersion: number, events: E[], caller: RequestContext) => {
          if (events.length === 0) return [];
          const request = appendRequest(stream, expectedVersion, events, caller);
          const appended = await appendOnConnection(query, platform, this.projections, this.routes, request, this.feed.origin);
          commits.push(commitOf(request, appended.events, appended.queued));
          return appended.events as RecordedEvent<E>[];
        };
        return work({ execute: execute as Transaction['execute'], append });
      },
      () => {
        if (commits.length) this.feed.outcomeUnknown();
      },
    );
    if (commits.length) this.feed.committed(commits);
    return result;
  }

  /** A group in a transaction of its own; its members are announced once it committed. */
  private async writeGroup(requests: readonly AppendRequest[]): Promise<(RecordedEvent[] | undefined)[]> {
    let written: Awaited<ReturnType<typeof writeInPooledTransaction>>;
    try {
      written = await writeInPooledTransaction(this.orm, this.projections, this.routes, requests, this.feed.origin);
    } catch (error) {
      // Anything but a rollback leaves the group perhaps committed, and its notices are this process's own.
      if (!(error instanceof GroupRolledBack)) this.feed.outcomeUnknown();
      throw error;
    }
    const { recorded, queued } = written;
    const commits: StreamCommitted[] = [];
    for (let i = 0; i < requests.length; i++) if (recorded[i]) commits.push(commitOf(requests[i], recorded[i]!, queued[i]));
    if (commits.length) this.feed.committed(commits);
    return recorded;
  }
}

const appendRequest = (stream: StreamRef, expectedVersion: number, events: DomainEvent[], { correlationId, causationId, actor }: RequestContext): AppendRequest => ({
  stream,
  expectedVersion,
  events,
  metadata: { correlationId, causationId, actor },
});

const commitOf = (r: AppendRequest, events: RecordedEvent[], queued: boolean) => new StreamCommitted(r.stream.type, r.stream.id, r.expectedVersion + r.events.length, events, queued);
