import { z } from 'zod';

/**
 * `POST /api/products/{id}/variants/{variantId}/notify`: `confirmation-sent` when a confirmation
 * email is on its way (or went within the last minutes), `already-on-list` when the address
 * confirmed already and waits.
 */
export const notifyAnswerSchema = z
  .object({
    status: z.enum(['confirmation-sent', 'already-on-list']),
    message: z.string(),
  })
  .meta({ id: 'BackInStockAnswer' });

export type NotifyAnswer = z.infer<typeof notifyAnswerSchema>;
