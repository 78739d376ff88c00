import { z } from 'zod';
import { backlogSchema } from '../outbox/outbox.responses';

/**
 * `GET /api/health`: 200 when the database answers (`ok`; `degraded` without Redis, while the
 * change feed is not trusted, or with an alert), 503 `down` without it and `draining` once SIGTERM arrived.
 */
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded', 'down', 'draining']),
    database: z.object({ up: z.boolean() }),
    redis: z.object({ up: z.boolean() }),
    changeFeed: z.object({
      listening: z.boolean().meta({ description: 'The LISTEN connection is open' }),
      trusted: z.boolean().meta({ description: 'Its last test notice came back, so caches answer from memory; otherwise they read the database' }),
      problem: z.string().nullable().meta({ description: 'Why it is not trusted, and which setting fixes it' }),
    }),
    outbox: backlogSchema.nullable(),
    alerts: z
      .array(z.object({ source: z.string(), message: z.string() }))
      .meta({ description: "What a module says needs someone, such as a stock change Square has not heard of (naming the product and size); any makes the status 'degraded'" }),
  })
  .meta({ id: 'Health' });

/** `GET /api/health/live`: the process runs and answers (restart it when this fails). */
export const liveSchema = z.object({ status: z.literal('alive') }).meta({ id: 'Liveness' });

/** `GET /api/health/ready`: send it requests (200), or not (503: the database is away, or it is draining). */
export const readySchema = z
  .object({
    status: z.enum(['ready', 'unready', 'draining']),
    database: z.object({ up: z.boolean() }),
  })
  .meta({ id: 'Readiness' });
