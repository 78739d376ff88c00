import { Queue } from 'bullmq';
import type { TestApp } from './test-app';

/** The machine's own Redis, reached directly: tests that cut a proxy in front of it still look through. */
export const REDIS_PORT = 6379;

export interface QueueObserver {
  queue: Queue;
  /** Every job the queue holds (of `jobName`, when given), whatever its state. */
  jobs(): Promise<number>;
  /** Empties the queue and closes the connection. */
  close(): Promise<void>;
}

const STATES = ['waiting', 'active', 'completed', 'failed', 'delayed'] as const;

/**
 * A look at one of the test app's queues, as the outbox relay fills it. `jobName` counts only the
 * test's own jobs: the shop's schedules (the recovery scan, say) share the queue.
 */
export function observeQueue(t: TestApp, name: string, jobName?: string): QueueObserver {
  const queue = new Queue(name, { connection: { host: '127.0.0.1', port: REDIS_PORT }, prefix: t.queuePrefix });
  return {
    queue,
    jobs: async () => (jobName ? (await queue.getJobs([...STATES])).filter((job) => job?.name === jobName).length : queue.getJobCountByTypes(...STATES)),
    close: async () => {
      await queue.obliterate({ force: true });
      await queue.close();
    },
  };
}
