/** The job queues of DESIGN.md §4. */
export const QUEUE_NAMES = ['email', 'square', 'recovery'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
