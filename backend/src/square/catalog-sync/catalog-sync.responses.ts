import { z } from 'zod';

export const syncResultSchema = z
  .object({
    message: z.string(),
    products: z.int().meta({ description: 'Products matching a Square item read by the run' }),
    changes: z.int().meta({ description: 'Events the run recorded (0: nothing new)' }),
    since: z.string().nullable().meta({ description: "Square's time after which the run read only what changed (a webhook's sync); null for a full read" }),
  })
  .meta({ id: 'SquareSyncResult' });

/** What the sync job reports as it goes (`catalog-sync.ts`, `square-catalogue.reader.ts`): the phase and the counts reached. */
export const syncJobProgress = z.object({
  phase: z.enum(['catalogue', 'inventory', 'saving']),
  itemsRead: z.int(),
  /** Known once the catalogue is read. */
  itemsTotal: z.int().optional(),
  saved: z.int().optional(),
});

export const syncProgressSchema = z.object({ running: z.boolean(), progress: syncJobProgress.optional() }).meta({ id: 'SquareSyncProgress' });
