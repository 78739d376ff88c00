import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { QueueName } from './queue-names';

/** The registered queues by name (the outbox relay reads a row's queue name), and whether Redis answers. */
@Injectable()
export class QueueRegistry {
  private readonly logger = new Logger('Queues');
  private readonly queues: Readonly<Record<QueueName, Queue>>;
  private reachable: boolean | undefined;

  constructor(
    @InjectQueue('email') email: Queue,
    @InjectQueue('square') square: Queue,
    @InjectQueue('recovery') recovery: Queue,
    @InjectQueue('checkout') checkout: Queue,
    @InjectQueue('pictures') pictures: Queue,
  ) {
    this.queues = { email, square, recovery, checkout, pictures };
    // Without a listener, connection errors would be printed on every reconnect attempt.
    for (const queue of Object.values(this.queues)) queue.on('error', (error) => this.markReachable(false, error));
  }

  get(name: QueueName): Queue {
    const queue = Object.hasOwn(this.queues, name) ? this.queues[name] : undefined;
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
