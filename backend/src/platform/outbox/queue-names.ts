/**
 * The job queues: emails, calls to Square, abandoned-cart recovery, and checkout reconciliation.
 * The reconciler has a queue of its own so that a charge left unconfirmed is never kept waiting
 * behind a long catalogue sync.
 */
export const QUEUE_NAMES = ['email', 'square', 'recovery', 'checkout'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** How a job that fails is tried again: eight attempts, 2 s apart and doubling (about four minutes in all). */
export const RETRIED = { attempts: 8, backoff: { type: 'exponential', delay: 2000 } } as const;

/** Job ages (`removeOnComplete`, `removeOnFail`) are in seconds. */
export const DAY_SECONDS = 24 * 3600;
