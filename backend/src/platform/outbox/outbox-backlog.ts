import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

export interface Backlog {
  unsent: number;
  oldestSeconds: number | null;
}

/** How many committed jobs still wait for Redis, and for how long the oldest has waited. */
@Injectable()
export class OutboxBacklog {
  constructor(private readonly orm: MikroORM) {}

  async read(): Promise<Backlog> {
    const em = this.orm.em.fork() as EntityManager;
    const [row] = await em.execute<{ unsent: string; oldest: number | null }[]>(
      'select count(*) as unsent, extract(epoch from now() - min(created_at))::float8 as oldest from outbox where sent_at is null',
    );
    return { unsent: Number(row.unsent), oldestSeconds: row.oldest === null ? null : Math.round(row.oldest) };
  }
}
