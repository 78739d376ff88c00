import { z } from 'zod';

/** `days` of the books check: how far back it looks, 1 to 366 days, 30 by default. */
export const booksCheckDays = z.coerce
  .number({ error: 'days must be a whole number from 1 to 366.' })
  .int('days must be a whole number from 1 to 366.')
  .min(1, 'days must be a whole number from 1 to 366.')
  .max(366, 'days must be a whole number from 1 to 366.')
  .default(30);
