import { z } from 'zod';

export const signedOutSchema = z.object({ signedOut: z.literal(true) });
