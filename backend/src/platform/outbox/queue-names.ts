/**
 * The job queues: emails, calls to Square, abandoned-cart recovery, and checkout reconciliation.
 * The reconciler has a queue of its own so that a charge left unconfirmed is never kept waiting
 * behind a long catalogue sync.
 */
export const QUEUE_NAMES = ['email', 'square', 'recovery', 'checkout'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
