import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { QueueName } from '../outbox/queue-names';
import { jobCaller } from './job-caller';
import { JobHandlers } from './job-handlers';

/** Workers are built stopped and start once every module has registered its handlers. */
const WORKER_OPTIONS = { autorun: false };

/**
 * One processor per queue: BullMQ's workers of a queue all take every job on it, so each dispatches
 * by job name to the handler a module registered (`JobHandlers`), with the job's caller.
 */
@Injectable()
export abstract class QueueProcessor extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private lastErrorLoggedAt = 0;

  constructor(private readonly handlers: JobHandlers) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.run().catch((error) => this.onError(error));
  }

  /** Before Nest's own shutdown hooks, so the active job finishes while the database is still there. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.dispatch(this.worker.name as QueueName, job, jobCaller(job));
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, error: Error): void {
    this.logger.warn({ msg: `Job ${job?.name} (${job?.id}) on ${this.worker.name} failed: ${error.message}`, correlationId: job && jobCaller(job).correlationId });
  }

  /** Reconnect attempts fail every couple of seconds while Redis is away: say so once a minute. */
  @OnWorkerEvent('error')
  onError(error: Error): void {
    if (Date.now() - this.lastErrorLoggedAt < 60_000) return;
    this.lastErrorLoggedAt = Date.now();
    this.logger.warn(`Job workers cannot reach Redis (${error.message}); they resume when it returns`);
  }
}

@Processor('email', WORKER_OPTIONS)
export class EmailProcessor extends QueueProcessor {}

@Processor('square', WORKER_OPTIONS)
export class SquareProcessor extends QueueProcessor {}

@Processor('recovery', WORKER_OPTIONS)
export class RecoveryProcessor extends QueueProcessor {}

@Processor('checkout', WORKER_OPTIONS)
export class CheckoutProcessor extends QueueProcessor {}

@Processor('pictures', WORKER_OPTIONS)
export class PicturesProcessor extends QueueProcessor {}

export const QUEUE_PROCESSORS = [EmailProcessor, SquareProcessor, RecoveryProcessor, CheckoutProcessor, PicturesProcessor];
