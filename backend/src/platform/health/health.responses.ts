import { z } from 'zod';
import { backlogSchema } from '../outbox/outbox.responses';

/** `GET /api/health`: 200 when the database answers (`ok`, or `degraded` without Redis), 503 `down` without it. */
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded', 'down']),
    database: z.object({ up: z.boolean() }),
    redis: z.object({ up: z.boolean() }),
    changeFeed: z.object({ listening: z.boolean() }),
    outbox: backlogSchema.nullable(),
  })
  .meta({ id: 'Health' });
