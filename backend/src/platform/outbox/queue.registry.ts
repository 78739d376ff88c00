import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { QUEUE_NAMES, QueueName } from './queue-names';
import { producerRedisOptions } from './redis-connection';

/**
 * The producer side of every job queue, and whether Redis answers. Made here rather than through
 * `BullModule.registerQueue` so that shutting down while Redis is away disconnects instead of
 * failing on QUIT.
 */
@Injectable()
export class QueueRegistry implements OnApplicationShutdown {
  private readonly logger = new Logger('Queues');
  private readonly queues = new Map<QueueName, Queue>();
  private reachable: boolean | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    for (const name of QUEUE_NAMES) {
      const queue = new Queue(name, { connection: producerRedisOptions(config.redisUrl), prefix: config.QUEUE_PREFIX });
      // Without a listener, connection errors would be printed on every reconnect attempt.
      queue.on('error', (error) => this.markReachable(false, error));
      this.queues.set(name, queue);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map(closeQueue));
  }

  get(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Unknown queue ${name}`);
    return queue;
  }

  /** Says once when Redis goes away and once when it returns, rather than at every retry. */
  markReachable(reachable: boolean, error?: unknown): void {
    if (this.reachable === reachable) return;
    this.reachable = reachable;
    if (reachable) this.logger.log('Redis is reachable; the outbox is sending jobs');
    else this.logger.warn(`Redis is unreachable (${describe(error)}); the shop keeps selling and the outbox holds jobs until it returns`);
  }

  async ping(timeoutMs = 1000): Promise<boolean> {
    try {
      await withTimeout(this.get('email').count(), timeoutMs);
      return true;
    } catch {
      return false;
    }
  }
}

/** QUIT fails while Redis is away and disconnecting may wait for it; neither may hold up a shutdown. */
async function closeQueue(queue: Queue): Promise<void> {
  try {
    await withTimeout(queue.close(), 2000);
  } catch {
    await withTimeout(queue.disconnect(), 1000).catch(() => undefined);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : 'no answer';
}

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

export const isTimeout = (error: unknown): error is TimeoutError => error instanceof TimeoutError;

/** BullMQ waits indefinitely for a Redis that is down; callers must not. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}
