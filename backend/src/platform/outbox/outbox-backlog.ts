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

/** One row the outbox holds back, as the admin app lists it. */
export interface HeldRow {
  eventId: string;
  eventType: string;
  queue: string;
  jobName: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  /** When a waiting row is tried next (null: at the relay's next tick). */
  nextAttemptAt: string | null;
  deadAt: string | null;
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

  /** The oldest rows still waiting for Redis and the dead ones, at most `limit` of each. */
  async held(limit: number): Promise<{ waiting: HeldRow[]; dead: HeldRow[] }> {
    const rows = (dead: boolean) =>
      this.em().execute<HeldRow[]>(
        `select event_id as "eventId", payload->>'type' as "eventType", queue, job_name as "jobName", attempts, last_error as "lastError",
                to_json(created_at) #>> '{}' as "createdAt", to_json(next_attempt_at) #>> '{}' as "nextAttemptAt", to_json(dead_at) #>> '{}' as "deadAt"
         from outbox where sent_at is null and (dead_at is not null) = ? order by position limit ?`,
        [dead, limit],
      );
    const [waiting, dead] = await Promise.all([rows(false), rows(true)]);
    return { waiting, dead };
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
