import { z } from 'zod';

/** What a delivery did: received (once per `event_id`; a repeat is `duplicate`), and how many products' stock it set. */
export const webhookOutcomeSchema = z
  .object({
    received: z.literal(true),
    duplicate: z.literal(true).optional(),
    applied: z.int().optional().meta({ description: 'Products whose stock the delivery set' }),
    ownWrite: z.literal(true).optional().meta({ description: "A catalog.version.updated the shop's own write to Square caused: no sync" }),
  })
  .meta({ id: 'SquareWebhookOutcome' });

export type WebhookOutcome = z.infer<typeof webhookOutcomeSchema>;
