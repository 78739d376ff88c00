import { z } from 'zod';

/** PostgreSQL's JSON form of a timestamptz: ISO 8601 with an offset (`+00:00`) and microseconds. */
const timestamp = z.iso.datetime({ offset: true });

export const backlogSchema = z
  .object({
    unsent: z.int().meta({ description: 'Committed jobs still waiting to reach Redis (dead rows not counted)' }),
    oldestSeconds: z.int().nullable().meta({ description: 'How long the oldest waiting row has waited' }),
    dead: z.int().meta({ description: 'Rows parked after OUTBOX_MAX_ATTEMPTS failures' }),
  })
  .meta({ id: 'OutboxBacklog' });

/** One row the outbox holds back: waiting for Redis, or dead after too many failures. */
export const heldRowSchema = z
  .object({
    eventId: z.string(),
    eventType: z.string(),
    queue: z.string(),
    jobName: z.string(),
    attempts: z.int(),
    lastError: z.string().nullable(),
    createdAt: timestamp,
    nextAttemptAt: timestamp.nullable().meta({ description: "When a waiting row is tried next (null: at the relay's next tick)" }),
    deadAt: timestamp.nullable(),
  })
  .meta({ id: 'HeldOutboxRow' });

export const outboxViewSchema = z.object({ backlog: backlogSchema, waiting: z.array(heldRowSchema), dead: z.array(heldRowSchema) }).meta({ id: 'OutboxView' });

export const retriedSchema = z.object({ retried: z.int() }).meta({ id: 'OutboxRetried' });

export type Backlog = z.infer<typeof backlogSchema>;
export type HeldRow = z.infer<typeof heldRowSchema>;
