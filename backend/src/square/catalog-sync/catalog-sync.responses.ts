import { z } from 'zod';

export const syncResultSchema = z.object({ message: z.string(), products: z.int(), changes: z.int() }).meta({ id: 'SquareSyncResult' });

/** A running sync's progress as its job reports it (the phase and counts it has reached). */
export const syncProgressSchema = z
  .object({ running: z.boolean(), progress: z.unknown().optional().meta({ description: 'The running job\'s progress report' }) })
  .meta({ id: 'SquareSyncProgress' });
