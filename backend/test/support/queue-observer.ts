import { Queue } from 'bullmq';
import type { TestApp } from './test-app';

/** The machine's own Redis, reached directly: tests that cut a proxy in front of it still look through. */
export const REDIS_PORT = 6379;

export interface QueueObserver {
  queue: Queue;
  /** Every job the queue holds, whatever its state. */
  jobs(): Promise<number>;
  /** Empties the queue and closes the connection. */
  close(): Promise<void>;
}

/** A look at one of the test app's queues, as the outbox relay fills it. */
export function observeQueue(t: TestApp, name: string): QueueObserver {
  const queue = new Queue(name, { connection: { host: '127.0.0.1', port: REDIS_PORT }, prefix: t.queuePrefix });
  return {
    queue,
    jobs: () => queue.getJobCountByTypes('waiting', 'active', 'completed', 'failed', 'delayed'),
    close: async () => {
      await queue.obliterate({ force: true });
      await queue.close();
    },
  };
}
