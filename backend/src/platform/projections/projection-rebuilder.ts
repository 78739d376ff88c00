import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EventRow, toRecordedEvent } from '../event-store/event-row';
import { PreparedWrites } from './prepared-writes';
import { ProjectionRegistry } from './projection.registry';
import type { SqlWrite } from './sql-write';

/** Events read per page. */
const PAGE = 2000;
/** Statements sent per round trip: enough that the round trips stop mattering, few enough to keep each query string small. */
const STATEMENTS_PER_TRIP = 500;

export interface RebuildProgress {
  /** Events replayed so far, of `total` (counted at the start). */
  done: number;
  total: number;
  eventsPerSecond: number;
}

/**
 * Replays every event into emptied read tables, in one transaction: readers see old or new, never
 * half. The projections describe their statements, so they go hundreds per round trip, in event
 * order, as the appends ran them one event at a time; each statement shape is prepared once. While
 * PostgreSQL runs one batch, the next is built (the connection runs queries in the order given).
 */
@Injectable()
export class ProjectionRebuilder {
  constructor(
    private readonly orm: MikroORM,
    private readonly registry: ProjectionRegistry,
  ) {}

  /** `onProgress` hears after each page of events read. */
  async rebuild(onProgress?: (progress: RebuildProgress) => void): Promise<{ events: number; tables: string[] }> {
    const tables = this.registry.all().flatMap((p) => p.tables);
    return (this.orm.em.fork() as EntityManager).transactional(async (em) => {
      const prepared = new PreparedWrites(em.getPlatform());
      let running: Promise<unknown> = Promise.resolve();
      const send = async (writes: SqlWrite[]) => {
        if (!writes.length) return;
        const script = prepared.script(writes);
        await running;
        running = em.execute(script);
        // Not awaited here, but never left unhandled: the next send or the end awaits it.
        running.catch(() => undefined);
      };
      if (tables.length) await em.execute(`truncate ${tables.join(', ')}`);
      const [{ total }] = await em.execute<{ total: number }[]>('select count(*)::int as total from events');
      const started = performance.now();
      let after = '0';
      let count = 0;
      let pending: SqlWrite[] = [];
      for (;;) {
        const rows = await em.execute<EventRow[]>('select * from events where global_position > ? order by global_position limit ?', [after, PAGE]);
        for (const row of rows) {
          pending.push(...this.registry.writesFor([toRecordedEvent(row)]));
          if (pending.length >= STATEMENTS_PER_TRIP) {
            await send(pending);
            pending = [];
          }
        }
        count += rows.length;
        onProgress?.({ done: count, total: Math.max(total, count), eventsPerSecond: Math.round(count / ((performance.now() - started) / 1000 || 1e-3)) });
        if (rows.length < PAGE) break;
        after = String(rows[rows.length - 1].global_position);
      }
      await send(pending);
      await running;
      const deallocate = prepared.deallocate();
      if (deallocate) await em.execute(deallocate);
      return { events: count, tables };
    });
  }
}
