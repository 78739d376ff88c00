/** The job queues: emails, calls to Square, and abandoned-cart recovery. */
export const QUEUE_NAMES = ['email', 'square', 'recovery'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
