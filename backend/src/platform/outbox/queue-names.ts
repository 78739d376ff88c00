/** The job queues the worker consumes (docs/architecture.md). */
export const QUEUE_NAMES = ['email', 'square', 'recovery'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
