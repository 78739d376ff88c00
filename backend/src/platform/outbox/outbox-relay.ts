import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { SchedulerRegistry } from '@nestjs/schedule';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { StreamCommitted } from '../change-feed/committed-events';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { RecordedEvent } from '../event-store/recorded-event';
import { DAY_SECONDS, RETRIED, type QueueName } from './queue-names';
import { isTimeout, QueueRegistry, withTimeout } from './queue.registry';

interface OutboxRow {
  position: string;
  event_id: string;
  queue: QueueName;
  job_name: string;
  payload: RecordedEvent;
  attempts: number;
}

const BATCH = 50;
const ADD_TIMEOUT_MS = 3000;
const PING_TIMEOUT_MS = 1000;
/**
 * A lease covers the slowest possible batch (every add timing out, then a ping) with room to
 * spare, so no other relay can claim a row while this one may still be sending it. The batch also
 * stops early if it ever gets near the end of its lease.
 */
const LEASE_MS = BATCH * (ADD_TIMEOUT_MS + PING_TIMEOUT_MS) + 30_000;
const LEASE_MARGIN_MS = 10_000;
/** A failed row waits 2, 4, 8 … seconds before its next attempt, at most ten minutes. */
const MAX_BACKOFF_SECONDS = 600;

/** The job options every relayed job gets: retried with backoff, kept long enough to dedupe repeats. */
const JOB_OPTIONS = { ...RETRIED, removeOnComplete: { age: 14 * DAY_SECONDS }, removeOnFail: { age: 30 * DAY_SECONDS } } as const;

/**
 * Moves committed outbox rows to BullMQ. Rows are leased in a short transaction (so a relay in
 * another process skips them), added with job id = event id (so a repeat is a no-op), and marked
 * sent only after `add` resolved. While Redis is away the rows simply wait. A row that fails while
 * Redis answers (an unknown queue, a payload Redis refuses) is that row's problem: it is retried
 * with backoff, then parked as dead, and the rows behind it keep flowing.
 *
 * It runs as soon as a commit with outbox rows is heard of on the EventBus (this process's at
 * commit, another's when the change feed's notice arrives), so a sale's stock push starts then
 * rather than on the next tick; the tick (OUTBOX_RELAY_INTERVAL_MS) stays for what no notice told
 * of (a row given back, a backoff over, a notice missed). One run at a time: commits heard during
 * a run make one more run after it. An interval of 0 turns both off (tests drive `tick()`).
 */
@Injectable()
@EventsHandler(StreamCommitted)
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy, IEventHandler<StreamCommitted> {
  private readonly logger = new Logger('OutboxRelay');
  private inFlight: Promise<number> | undefined;
  /** A commit with outbox rows was heard during the run in flight: run again after it. */
  private again = false;
  private stopped = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly queues: QueueRegistry,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.OUTBOX_RELAY_INTERVAL_MS;
    if (every > 0)
      this.scheduler.addInterval(
        'outbox-relay',
        setInterval(() => void this.tick(), every),
      );
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.scheduler.doesExist('interval', 'outbox-relay')) this.scheduler.deleteInterval('outbox-relay');
    await this.inFlight;
  }

  /** A commit with outbox rows: its jobs go to their queues now (not awaited: the bus's handlers never are). */
  handle(commit: StreamCommitted): void {
    if (!commit.queued || this.stopped || this.config.OUTBOX_RELAY_INTERVAL_MS === 0) return;
    if (this.inFlight) this.again = true;
    else void this.tick();
  }

  /** Sends one batch; resolves to the number of rows that reached their queues. Never overlaps itself. */
  tick(): Promise<number> {
    this.inFlight ??= this.sendBatch()
      .catch((error) => {
        this.logger.error(`Outbox relay failed: ${error instanceof Error ? error.message : error}`);
        return 0;
      })
      .finally(() => {
        this.inFlight = undefined;
        if (!this.again || this.stopped) return;
        this.again = false;
        void this.tick();
      });
    return this.inFlight;
  }

  private async sendBatch(): Promise<number> {
    const em = this.orm.em.fork() as EntityManager;
    const leasedUntil = Date.now() + LEASE_MS;
    const rows = await this.claim(em);
    let sent = 0;
    for (const [i, row] of rows.entries()) {
      if (Date.now() > leasedUntil - LEASE_MARGIN_MS) {
        await this.release(em, rows.slice(i), 'lease about to run out; given back');
        break;
      }
      try {
        await this.add(row);
      } catch (error) {
        if (!(await this.queues.ping(PING_TIMEOUT_MS))) {
          // Redis is away: nothing is wrong with the rows, they wait for it.
          this.queues.markReachable(false, error);
          await this.release(em, rows.slice(i), describe(error));
          break;
        }
        await this.recordFailure(em, row, error);
        continue;
      }
      this.queues.markReachable(true);
      await em.execute('update outbox set sent_at = now(), claimed_until = null, last_error = null where position = ?', [row.position]);
      sent++;
    }
    return sent;
  }

  /**
   * Adds one job, giving up after ADD_TIMEOUT_MS. A timed-out add would otherwise stay queued in
   * the Redis client and run beside the next attempt (and pile up while Redis is away), so the
   * client drops its pending commands and reconnects before the row is given back.
   */
  private async add(row: OutboxRow): Promise<void> {
    const queue = this.queues.get(row.queue);
    const adding = queue.add(row.job_name, row.payload, { jobId: row.event_id, ...JOB_OPTIONS });
    try {
      await withTimeout(adding, ADD_TIMEOUT_MS);
    } catch (error) {
      if (isTimeout(error)) {
        await withTimeout(queue.client, 200)
          .then((client) => client.disconnect(true))
          .catch(() => undefined);
        await withTimeout(adding, 1000).catch(() => undefined);
      }
      throw error;
    }
  }

  private async claim(em: EntityManager): Promise<OutboxRow[]> {
    const rows = await em.execute<OutboxRow[]>(
      `update outbox set claimed_until = now() + make_interval(secs => ?)
       where position in (
         select position from outbox
         where sent_at is null and dead_at is null
           and (claimed_until is null or claimed_until < now())
           and (next_attempt_at is null or next_attempt_at <= now())
         order by position limit ? for update skip locked)
       returning position, event_id, queue, job_name, payload, attempts`,
      [LEASE_MS / 1000, BATCH],
    );
    return rows.sort((a, b) => Number(a.position) - Number(b.position));
  }

  /** Gives unsent rows back at once, so the next tick retries them rather than waiting out the lease. */
  private async release(em: EntityManager, rows: OutboxRow[], reason: string): Promise<void> {
    if (rows.length === 0) return;
    await em.execute(`update outbox set claimed_until = null, last_error = ? where position in (${rows.map(() => '?').join(', ')})`, [reason, ...rows.map((r) => r.position)]);
  }

  /** One more failed attempt for this row: retried after a backoff, or parked as dead after the last. */
  private async recordFailure(em: EntityManager, row: OutboxRow, error: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const dead = attempts >= this.config.OUTBOX_MAX_ATTEMPTS;
    const backoff = Math.min(2 ** attempts, MAX_BACKOFF_SECONDS);
    await em.execute(
      `update outbox set attempts = ?, last_error = ?, claimed_until = null,
         next_attempt_at = now() + make_interval(secs => ?), dead_at = case when ? then now() end
       where position = ?`,
      [attempts, describe(error), backoff, dead, row.position],
    );
    const what = `Outbox row ${row.position} (${row.queue}/${row.job_name}, event ${row.event_id})`;
    if (dead) this.logger.error(`${what} failed ${attempts} times and is parked as dead (npm run outbox:retry puts it back): ${describe(error)}`);
    else this.logger.warn(`${what} failed (attempt ${attempts} of ${this.config.OUTBOX_MAX_ATTEMPTS}, next in ${backoff} s): ${describe(error)}`);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
