import { z } from 'zod';
import { cartResponseSchema } from '../cart';
import { moneyText } from '../platform/money';

/** A cart the studio may want to win back (`GET /api/admin/abandoned-carts`). */
export const abandonedCartSchema = z
  .object({
    id: z.uuid(),
    sessionId: z.string(),
    customerName: z.string().nullable(),
    customerEmail: z.string(),
    totalAmount: moneyText,
    items: z.array(z.object({ id: z.uuid(), productId: z.int(), name: z.string(), imageUrl: z.string(), quantity: z.int(), price: moneyText })),
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
export const recoveryFunnelSchema = z
  .object({ days: z.int(), abandoned: z.int(), emailed: z.int(), recovered: z.int(), recoveredRevenue: moneyText })
  .meta({ id: 'RecoveryFunnel' });

export const recoveryEmailQueuedSchema = cartResponseSchema.extend({ success: z.literal(true), message: z.string() });

/** What changed while the cart was away: a price moved, a piece sold out, or fewer are left. */
export const restoredCartSchema = z.object({ notes: z.array(z.enum(['price', 'soldout', 'lowered'])) }).meta({ id: 'RestoredCart' });

export type AbandonedCart = z.infer<typeof abandonedCartSchema>;
export type RecoveryFunnel = z.infer<typeof recoveryFunnelSchema>;
