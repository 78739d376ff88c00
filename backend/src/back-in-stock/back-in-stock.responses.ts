import { z } from 'zod';

/**
 * `POST /api/products/{id}/variants/{variantId}/notify`: one answer whether or not the address was
 * on the list already, so the route does not tell anyone who waits for what (as the newsletter's
 * sign-up does not); the email says the rest.
 */
export const notifyAnswerSchema = z
  .object({
    status: z.literal('confirmation-sent'),
    message: z.string(),
  })
  .meta({ id: 'BackInStockAnswer' });

export type NotifyAnswer = z.infer<typeof notifyAnswerSchema>;
