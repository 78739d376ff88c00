import { z } from 'zod';
import { cartHandOverSchema, cartResponseSchema } from '../cart';
import { moneyText } from '../platform/money';

/** A cart the studio may want to win back (`GET /api/admin/abandoned-carts`). */
export const abandonedCartSchema = z
  .object({
    id: z.uuid(),
    sessionId: z.string(),
    customerName: z.string().nullable(),
    customerEmail: z.string(),
    totalAmount: moneyText,
    items: z.array(
      z.object({ id: z.uuid(), productId: z.int(), variantId: z.string(), variantName: z.string(), name: z.string(), imageUrl: z.string(), quantity: z.int(), price: moneyText }),
    ),
    lastActivityAt: z.iso.datetime(),
    idleMinutes: z.int(),
    abandonedAt: z.iso.datetime().nullable(),
    emailSent: z.boolean(),
    recoveryEmailCount: z.int(),
    /** How many emails the recovery sequence sends in all. */
    sequenceLength: z.int().meta({ description: 'How many emails the recovery sequence sends in all' }),
    state: z.enum(['waiting', 'emailed', 'recovered', 'bought', 'opted-out']),
  })
  .meta({ id: 'AbandonedCart' });

/** `GET /api/admin/recovery/funnel?days=…`: the carts abandoned in the span, and how their recovery went. */
export const recoveryFunnelSchema = z.object({ days: z.int(), abandoned: z.int(), emailed: z.int(), recovered: z.int(), recoveredRevenue: moneyText }).meta({ id: 'RecoveryFunnel' });

export const recoveryEmailQueuedSchema = cartResponseSchema.extend({ success: z.literal(true), message: z.string() });

/**
 * The restored cart handed to the browser (see `CartHandOver`), and what changed while it was away or
 * in the merge: a price moved, a piece sold out, or fewer are left. `contact` is the name and address
 * the recovery email went to (the link's holder has that email, which greets them by name), for the
 * checkout form on a device that never saw them.
 */
export const restoredCartSchema = cartHandOverSchema
  .extend({
    notes: z.array(z.enum(['price', 'soldout', 'lowered'])),
    contact: z.object({ name: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: 'RestoredCart' });

export type AbandonedCart = z.infer<typeof abandonedCartSchema>;
export type RecoveryFunnel = z.infer<typeof recoveryFunnelSchema>;
