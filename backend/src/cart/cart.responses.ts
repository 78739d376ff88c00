import { z } from 'zod';
import { moneyText } from '../platform/money';

/** The cart as the API shows it: `{ cart, items }` (`toCartResponse`). */
export const cartResponseSchema = z
  .object({
    cart: z
      .object({
        id: z.uuid(),
        sessionId: z.string(),
        totalAmount: moneyText,
        customerEmail: z.string().nullable(),
        customerName: z.string().nullable(),
        emailSent: z.boolean(),
        recoveryEmailCount: z.int(),
        abandonedAt: z.iso.datetime().nullable(),
        /** Moves on with every change: a later read names it (`?version=`) so no replica answers an older cart. */
        version: z.int(),
      })
      .meta({ id: 'Cart' }),
    items: z.array(
      z
        .object({ id: z.uuid(), productId: z.int(), quantity: z.int(), price: moneyText, product: z.object({ name: z.string(), imageUrl: z.string() }) })
        .meta({ id: 'CartItem' }),
    ),
  })
  .meta({ id: 'CartResponse' });

export type CartResponse = z.infer<typeof cartResponseSchema>;
