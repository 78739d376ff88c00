import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { runInContext } from '../context/request-context';
import type { RecordedEvent } from '../event-store/recorded-event';
import type { QueueName } from './queue-names';
import { QueueRegistry, withTimeout } from './queue.registry';

interface OutboxRow {
  position: string;
  event_id: string;
  queue: QueueName;
  job_name: string;
  payload: RecordedEvent;
}

const BATCH = 50;
const LEASE_SECONDS = 30;
const ADD_TIMEOUT_MS = 3000;

/** The job options every relayed job gets: retried with backoff, kept long enough to dedupe repeats. */
const JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 14 * 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;

/**
 * Moves committed outbox rows to BullMQ. Rows are leased in a short transaction (so a relay in
 * another process skips them), added with job id = event id (so a repeat is a no-op), and marked
 * sent only after `add` resolved. While Redis is away the rows simply wait.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('OutboxRelay');
  private inFlight: Promise<number> | undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly queues: QueueRegistry,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.OUTBOX_RELAY_INTERVAL_MS;
    if (every > 0) this.scheduler.addInterval('outbox-relay', setInterval(() => void this.tick(), every));
  }

  async onModuleDestroy(): Promise<void> {
    if (this.scheduler.doesExist('interval', 'outbox-relay')) this.scheduler.deleteInterval('outbox-relay');
    await this.inFlight;
  }

  /** Sends one batch; resolves to the number of rows that reached their queues. Never overlaps itself. */
  tick(): Promise<number> {
    this.inFlight ??= this.sendBatch()
      .catch((error) => {
        this.logger.error(`Outbox relay failed: ${error instanceof Error ? error.message : error}`);
        return 0;
      })
      .finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async sendBatch(): Promise<number> {
    const em = this.orm.em.fork() as EntityManager;
    const rows = await this.claim(em);
    let sent = 0;
    for (const row of rows) {
      try {
        await runInContext({ correlationId: row.payload.metadata.correlationId, causationId: row.event_id, actor: 'outbox' }, () =>
          withTimeout(this.queues.get(row.queue).add(row.job_name, row.payload, { jobId: row.event_id, ...JOB_OPTIONS }), ADD_TIMEOUT_MS),
        );
      } catch (error) {
        this.queues.markReachable(false, error);
        await this.release(em, rows.slice(sent), error);
        return sent;
      }
      this.queues.markReachable(true);
      await em.execute('update outbox set sent_at = now(), claimed_until = null, last_error = null where position = ?', [row.position]);
      sent++;
    }
    return sent;
  }

  private async claim(em: EntityManager): Promise<OutboxRow[]> {
    const rows = await em.execute<OutboxRow[]>(
      `update outbox set claimed_until = now() + make_interval(secs => ?), attempts = attempts + 1
       where position in (
         select position from outbox
         where sent_at is null and (claimed_until is null or claimed_until < now())
         order by position limit ? for update skip locked)
       returning position, event_id, queue, job_name, payload`,
      [LEASE_SECONDS, BATCH],
    );
    return rows.sort((a, b) => Number(a.position) - Number(b.position));
  }

  /** Gives unsent rows back at once, so the next tick retries them rather than waiting out the lease. */
  private async release(em: EntityManager, rows: OutboxRow[], error: unknown): Promise<void> {
    if (rows.length === 0) return;
    const message = error instanceof Error ? error.message : String(error);
    await em.execute(`update outbox set claimed_until = null, last_error = ? where position in (${rows.map(() => '?').join(', ')})`, [
      message,
      ...rows.map((r) => r.position),
    ]);
  }
}
