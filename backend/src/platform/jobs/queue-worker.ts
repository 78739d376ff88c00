import { Processor, Worker, WorkerOptions } from 'bullmq';
import type { RedisOptions } from 'ioredis';
import { withTimeout } from '../outbox/queue.registry';

/**
 * The BullMQ worker @nestjs/bullmq builds for each `@Processor` (set as `BullModule.workerClass`).
 * It takes the queue's connection, which fails fast for producers, in the form BullMQ requires of
 * a worker: commands wait through an outage (offline queue on, no retry cap) rather than fail.
 *
 * Its `close` never hangs: @nestjs/bullmq closes each worker with `close()`, which waits for the
 * active job and then sends QUIT, and a QUIT waits forever while Redis is away. So a worker whose
 * Redis answers finishes its active job and closes; one whose Redis does not answer disconnects at
 * once (its job, never acknowledged, is taken up again by BullMQ's stalled-job check, and every
 * handler checks its stream before acting).
 */
export class QueueWorker extends Worker {
  constructor(name: string, processor: Processor, opts: WorkerOptions) {
    super(name, processor, { ...opts, connection: { ...(opts.connection as RedisOptions), enableOfflineQueue: true, maxRetriesPerRequest: null } });
  }

  override async close(force = false): Promise<void> {
    return super.close(force || !(await this.redisAnswers()));
  }

  /** A round trip (INFO), not the client's status, which still says `ready` for a moment after Redis went. */
  private async redisAnswers(): Promise<boolean> {
    try {
      await withTimeout(
        this.client.then((client) => client.info()),
        500,
      );
      return true;
    } catch {
      return false;
    }
  }
}
