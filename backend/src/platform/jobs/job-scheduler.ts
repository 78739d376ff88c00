import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { QueueRegistry, withTimeout } from '../outbox/queue.registry';
import { JobHandlers, type JobSchedule } from './job-handlers';

const RETRY_MS = 30_000;
/** The longest a schedule lost with Redis stays lost: each process looks this often at most (sooner for schedules that repeat sooner). */
const CHECK_MS = 30_000;

/**
 * Registers the repeating jobs with BullMQ's job schedulers: an upsert, safe from every worker
 * process, so each schedule runs once across them all. Redis may be away at start-up: then it
 * tries again later rather than holding up the worker. Redis keeps nothing on disk here, so a
 * restart wipes the schedules: each process looks for its schedules every so often (every
 * `CHECK_MS`, or as often as the most frequent one repeats) and registers again any that is gone.
 * A schedule that is there is left alone, so looking never moves its next run.
 */
@Injectable()
export class JobScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('JobScheduler');
  private retry: NodeJS.Timeout | undefined;
  private check: NodeJS.Timeout | undefined;

  constructor(
    private readonly handlers: JobHandlers,
    private readonly queues: QueueRegistry,
  ) {}

  onApplicationBootstrap(): void {
    void this.upsertAll();
    const schedules = this.handlers.schedules();
    if (!schedules.length) return;
    this.check = setInterval(() => void this.restoreLost(), Math.min(CHECK_MS, ...schedules.map((s) => s.everyMs)));
    this.check.unref();
  }

  onModuleDestroy(): void {
    clearTimeout(this.retry);
    clearInterval(this.check);
  }

  async upsertAll(): Promise<void> {
    try {
      for (const s of this.handlers.schedules()) await this.upsert(s);
    } catch (error) {
      this.logger.warn(`Could not register repeating jobs yet (${error instanceof Error ? error.message : error}); trying again in ${RETRY_MS / 1000} s`);
      this.retry = setTimeout(() => void this.upsertAll(), RETRY_MS);
      this.retry.unref();
    }
  }

  /** Registers again the schedules Redis no longer has (it restarted); quiet while Redis is away (the queues say so). */
  async restoreLost(): Promise<void> {
    try {
      for (const s of this.handlers.schedules()) {
        if (await withTimeout(this.queues.get(s.queue).getJobScheduler(s.jobName), 3000)) continue;
        await this.upsert(s);
        this.logger.warn(`The repeating job ${s.jobName} on ${s.queue} was gone from Redis (a restart?): registered again`);
      }
    } catch {
      // Redis is away: the next look tries again.
    }
  }

  private upsert(s: JobSchedule): Promise<unknown> {
    return withTimeout(this.queues.get(s.queue).upsertJobScheduler(s.jobName, { every: s.everyMs }, { name: s.jobName }), 3000);
  }
}
