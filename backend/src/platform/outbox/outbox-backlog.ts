import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

export interface Backlog {
  /** Committed jobs still waiting to reach Redis (dead rows not counted). */
  unsent: number;
  /** How long the oldest waiting row has waited. */
  oldestSeconds: number | null;
  /** Rows parked after OUTBOX_MAX_ATTEMPTS failures; `npm run outbox:retry` puts them back. */
  dead: number;
}

/** What the outbox holds back: the rows waiting for Redis and the dead ones waiting for an operator. */
@Injectable()
export class OutboxBacklog {
  constructor(private readonly orm: MikroORM) {}

  async read(): Promise<Backlog> {
    const [row] = await this.em().execute<{ unsent: string; oldest: number | null; dead: string }[]>(
      `select count(*) filter (where dead_at is null) as unsent,
              extract(epoch from now() - min(created_at) filter (where dead_at is null))::float8 as oldest,
              count(*) filter (where dead_at is not null) as dead
       from outbox where sent_at is null`,
    );
    return { unsent: Number(row.unsent), oldestSeconds: row.oldest === null ? null : Math.round(row.oldest), dead: Number(row.dead) };
  }

  /** Puts every dead row back in line with a fresh count of attempts; says how many. */
  async retryDead(): Promise<number> {
    const rows = await this.em().execute<{ position: string }[]>(
      `update outbox set dead_at = null, attempts = 0, next_attempt_at = null, claimed_until = null
       where dead_at is not null and sent_at is null returning position`,
    );
    return rows.length;
  }

  private em(): EntityManager {
    return this.orm.em.fork() as EntityManager;
  }
}
