/**
 * The job queues: emails, calls to Square, abandoned-cart recovery, checkout reconciliation, and
 * the copies of pictures. The reconciler has a queue of its own so that a charge left unconfirmed is
 * never kept waiting behind a long catalogue sync; the pictures, so that downloading and resizing a
 * catalogue's worth never holds up a stock push or a product's write to Square.
 */
export const QUEUE_NAMES = ['email', 'square', 'recovery', 'checkout', 'pictures'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** How a job that fails is tried again: eight attempts, 2 s apart and doubling (about four minutes in all). */
export const RETRIED = { attempts: 8, backoff: { type: 'exponential', delay: 2000 } } as const;

/** Job ages (`removeOnComplete`, `removeOnFail`) are in seconds. */
export const DAY_SECONDS = 24 * 3600;
