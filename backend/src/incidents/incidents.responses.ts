import { z } from 'zod';

/** One incident as the admin lists it; `resolvedAt` null while it is open. */
export const incidentSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['oversold']).describe('oversold: a web sale and a stall sale of the same units (Square counted below zero).'),
    productId: z.number().int(),
    variantId: z.string(),
    name: z.string().describe('The product and size, as order lines name them ("Raven Hoodie, M").'),
    orders: z.array(z.string()).describe('The online orders involved, by the shop’s order numbers (DC-1001).'),
    orderIds: z.array(z.string()).describe('The same orders’ ids, in the same order (the admin’s order pages).'),
    squareCount: z.number().int().describe('Square’s count of the variant when it was last reported below zero.'),
    openedAt: z.iso.datetime(),
    resolvedAt: z.iso.datetime().nullable(),
    note: z.string().nullable().describe('How the studio settled it.'),
    emailedAt: z.iso.datetime().nullable().describe('When ADMIN_EMAILS were told (null until the email has gone out).'),
  })
  .meta({ id: 'Incident' });

export type IncidentDto = z.infer<typeof incidentSchema>;
