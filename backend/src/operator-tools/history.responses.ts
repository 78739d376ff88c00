import { z } from 'zod';

/** Every event of one stream, with who caused it and when. */
export const streamHistorySchema = z
  .object({
    streamType: z.enum(['product', 'cart', 'order']),
    id: z.string(),
    events: z.array(
      z
        .object({
          version: z.int(),
          type: z.string(),
          data: z.record(z.string(), z.unknown()),
          actor: z.string(),
          correlationId: z.string(),
          recordedAt: z.iso.datetime(),
        })
        .meta({ id: 'HistoryEvent' }),
    ),
  })
  .meta({ id: 'StreamHistory' });
