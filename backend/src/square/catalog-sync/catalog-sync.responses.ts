import { z } from 'zod';

export const syncResultSchema = z.object({ message: z.string(), products: z.int(), changes: z.int() }).meta({ id: 'SquareSyncResult' });

/** What the sync job reports as it goes (`catalog-sync.ts`, `square-catalogue.reader.ts`): the phase and the counts reached. */
export const syncJobProgress = z.object({
  phase: z.enum(['catalogue', 'inventory', 'saving']),
  itemsRead: z.int(),
  /** Known once the catalogue is read. */
  itemsTotal: z.int().optional(),
  saved: z.int().optional(),
});

export const syncProgressSchema = z.object({ running: z.boolean(), progress: syncJobProgress.optional() }).meta({ id: 'SquareSyncProgress' });
