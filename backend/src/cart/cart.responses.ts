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
        customerEmail: z
          .string()
          .nullable()
          .meta({ description: 'The contact\'s email, masked ("a•••@example.com"): whoever holds the session id reads this answer. The name is never shown.' }),
        emailSent: z.boolean(),
        recoveryEmailCount: z.int(),
        abandonedAt: z.iso.datetime().nullable(),
        /** Moves on with every change: a later read names it (`?version=`) so no replica answers an older cart. */
        version: z.int(),
      })
      .meta({ id: 'Cart' }),
    items: z.array(
      z
        .object({
          id: z.uuid(),
          productId: z.int(),
          variantId: z.string(),
          variantName: z.string().meta({ description: "The size or option bought ('' for a product without options)" }),
          quantity: z.int(),
          price: moneyText,
          product: z.object({ name: z.string(), imageUrl: z.string() }),
        })
        .meta({ id: 'CartItem' }),
    ),
  })
  .meta({ id: 'CartResponse' });

export type CartResponse = z.infer<typeof cartResponseSchema>;

/** `POST /api/cart/{cartId}/handover`: the token of the widgets' Checkout link, `/cart?handover=<token>`. */
export const cartHandOverLinkSchema = z.object({ token: z.string(), expiresAt: z.iso.datetime() }).meta({ id: 'CartHandOverLink' });

/**
 * `POST /api/cart/handover`: the browser's cart after it followed a hand-over. `adopted`: the browser
 * had no cart with items and takes the handed-over one; `merged`: it keeps its own cart (`sessionId`),
 * into which `added` units of the other cart's lines went; `notes` say why fewer than asked.
 */
export const cartHandOverSchema = z
  .object({ sessionId: z.string(), outcome: z.enum(['adopted', 'merged']), added: z.int(), notes: z.array(z.enum(['soldout', 'lowered'])) })
  .meta({ id: 'CartHandOver' });

export type CartHandOverDto = z.infer<typeof cartHandOverSchema>;
