import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUE_NAMES, QueueName } from './queue-names';

/** The producer side of every job queue, and whether Redis answers. */
@Injectable()
export class QueueRegistry implements OnModuleInit {
  private readonly logger = new Logger('Queues');
  private readonly queues = new Map<QueueName, Queue>();
  private reachable: boolean | undefined;

  constructor(private readonly moduleRef: ModuleRef) {}

  onModuleInit(): void {
    for (const name of QUEUE_NAMES) {
      const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      // Without a listener, connection errors would be printed on every reconnect attempt.
      queue.on('error', (error) => this.markReachable(false, error));
      this.queues.set(name, queue);
    }
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

function describe(error: unknown): string {
  return error instanceof Error ? error.message : 'no answer';
}

/** BullMQ waits indefinitely for a Redis that is down; callers must not. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}
