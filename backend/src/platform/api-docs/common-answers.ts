import { z } from 'zod';

/** The answer of the storefront's simple actions (newsletter, recovery email): whether it worked, in words. */
export const doneSchema = z.object({ success: z.boolean(), message: z.string() }).meta({ id: 'Done' });

export type Done = z.infer<typeof doneSchema>;
