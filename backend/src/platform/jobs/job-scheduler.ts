import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { QueueRegistry, withTimeout } from '../outbox/queue.registry';
import { JobHandlers } from './job-handlers';

const RETRY_MS = 30_000;

/**
 * Registers the repeating jobs with BullMQ's job schedulers: an upsert, safe from every worker
 * process, so each schedule runs once across them all. Redis may be away at start-up: then it
 * tries again later rather than holding up the worker.
 */
@Injectable()
export class JobScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('JobScheduler');
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly handlers: JobHandlers,
    private readonly queues: QueueRegistry,
  ) {}

  onApplicationBootstrap(): void {
    void this.upsertAll();
  }

  onModuleDestroy(): void {
    clearTimeout(this.retry);
  }

  async upsertAll(): Promise<void> {
    try {
      for (const s of this.handlers.schedules()) {
        await withTimeout(this.queues.get(s.queue).upsertJobScheduler(s.jobName, { every: s.everyMs }, { name: s.jobName }), 3000);
      }
    } catch (error) {
      this.logger.warn(`Could not register repeating jobs yet (${error instanceof Error ? error.message : error}); trying again in ${RETRY_MS / 1000} s`);
      this.retry = setTimeout(() => void this.upsertAll(), RETRY_MS);
      this.retry.unref();
    }
  }
}
