import { z } from 'zod';
import { moneyText } from '../platform/money';
import { paidCardSchema } from '../orders';

/** `POST /api/square/process-payment`: the shape the storefront's payment call has always read, plus the order; a card decline is an answer. */
export const paymentResultSchema = z
  .discriminatedUnion('success', [
    z.object({
      success: z.literal(true),
      payment: z.object({ id: z.string(), status: z.literal('COMPLETED'), amountMoney: z.object({ amount: z.string(), currency: z.literal('USD') }) }),
      orderId: z.string(),
      orderNumber: z.string(),
      /** The order's signed status token: `/order-confirmation?order=<token>` and `/order-status/<token>` show the order in any browser. */
      statusToken: z.string(),
      /** What the server priced and charged, for the confirmation: never the browser's own sums. */
      subtotal: moneyText,
      shipping: moneyText,
      discount: moneyText,
      /** The card Square charged (brand in words, last 4 digits). */
      card: paidCardSchema.nullable(),
    }),
    z.object({ success: z.literal(false), error: z.string(), code: z.string() }),
  ])
  .meta({ id: 'PaymentResult' });

/** What a code takes off this cart: `discount` off the items, as `percentOff` (10), `amountOff` ("5.00") or `freeShipping` (the shipping, none off the items) says. */
export const discountCheckSchema = z
  .object({
    code: z.string(),
    percentOff: z.number().optional(),
    amountOff: moneyText.optional(),
    freeShipping: z.literal(true).optional(),
    discount: moneyText,
    subtotal: moneyText,
  })
  .meta({ id: 'DiscountCheck' });

export const confirmationStatusSchema = z.object({ success: z.boolean(), emailSent: z.boolean() });

export type PaymentResult = z.infer<typeof paymentResultSchema>;
export type DiscountCheck = z.infer<typeof discountCheckSchema>;
