import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { withTimeout } from '../outbox/queue.registry';
import { QUEUE_NAMES } from '../outbox/queue-names';
import { workerRedisOptions } from '../outbox/redis-connection';
import { jobCaller } from './job-caller';
import { JobHandlers } from './job-handlers';

/**
 * One BullMQ worker per queue, dispatching each job to the handler its module registered.
 *
 * Made with BullMQ directly rather than @nestjs/bullmq's `@Processor`: that module closes a worker by
 * sending Redis QUIT, which waits forever while Redis is away, so a shop told to stop during an
 * outage never stopped. Here a worker whose Redis answers finishes its active job before closing;
 * one whose Redis is away disconnects at once (its job, never acknowledged, is taken up again by
 * BullMQ's stalled-job check, and every handler checks its stream before acting).
 */
@Injectable()
export class JobWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('JobWorkers');
  private readonly workers: Worker[] = [];
  private lastErrorLoggedAt = 0;

  constructor(
    private readonly handlers: JobHandlers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    for (const queue of QUEUE_NAMES) {
      const worker = new Worker(queue, (job) => this.handlers.dispatch(queue, job, jobCaller(job)), {
        connection: workerRedisOptions(this.config.redisUrl),
        prefix: this.config.QUEUE_PREFIX,
      });
      worker.on('error', (error) => this.logError(error));
      worker.on('failed', (job, error) =>
        this.logger.warn({ msg: `Job ${job?.name} (${job?.id}) on ${queue} failed: ${error.message}`, correlationId: job && jobCaller(job).correlationId }),
      );
      this.workers.push(worker);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map(async (worker) => worker.close(!(await redisAnswers(worker)))));
  }

  /** Reconnect attempts fail every couple of seconds while Redis is away: say so once a minute. */
  private logError(error: Error): void {
    if (Date.now() - this.lastErrorLoggedAt < 60_000) return;
    this.lastErrorLoggedAt = Date.now();
    this.logger.warn(`Job workers cannot reach Redis (${error.message}); they resume when it returns`);
  }
}

async function redisAnswers(worker: Worker): Promise<boolean> {
  try {
    return (await withTimeout(worker.client, 200)).status === 'ready';
  } catch {
    return false;
  }
}
