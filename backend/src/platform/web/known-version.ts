import { z } from 'zod';

const message = 'version must be a whole number from 0.';

/**
 * `?version=N` on a read the storefront repeats: the version of the resource the client was last
 * answered, by whichever replica answered it. A replica whose cache stands behind it (another
 * replica's change whose notification is still on its way) reads the database instead, so a client
 * is never answered, 304 included, anything older than what it already holds. Absent: 0.
 */
export const knownVersionQuery = z.object({
  version: z
    .string(message)
    .regex(/^\d{1,15}$/, message)
    .transform(Number)
    .optional(),
});

export type KnownVersion = z.infer<typeof knownVersionQuery>;
