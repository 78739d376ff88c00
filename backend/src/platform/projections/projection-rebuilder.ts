import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EventRow, toRecordedEvent } from '../event-store/event-row';
import { ProjectionRegistry } from './projection.registry';

const PAGE = 1000;

/** Replays every event into emptied read tables, in one transaction: readers see old or new, never half. */
@Injectable()
export class ProjectionRebuilder {
  constructor(
    private readonly orm: MikroORM,
    private readonly registry: ProjectionRegistry,
  ) {}

  async rebuild(): Promise<{ events: number; tables: string[] }> {
    const tables = this.registry.all().flatMap((p) => p.tables);
    return (this.orm.em.fork() as EntityManager).transactional(async (em) => {
      if (tables.length) await em.execute(`truncate ${tables.join(', ')}`);
      let after = '0';
      let count = 0;
      for (;;) {
        const rows = await em.execute<EventRow[]>('select * from events where global_position > ? order by global_position limit ?', [after, PAGE]);
        for (const row of rows) await this.registry.apply(em, toRecordedEvent(row));
        count += rows.length;
        if (rows.length < PAGE) return { events: count, tables };
        after = String(rows[rows.length - 1].global_position);
      }
    });
  }
}
