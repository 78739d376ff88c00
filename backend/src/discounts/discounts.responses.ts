import { z } from 'zod';
import { moneyText } from '../platform/money';

/** A discount code (or automatic sale) as the admin's Discounts page shows it, with its uses. */
export const adminDiscountSchema = z
  .object({
    code: z.string(),
    type: z.enum(['percentage', 'fixed', 'free-shipping']),
    value: z.union([z.int(), moneyText]).nullable().meta({ description: 'Percent off (10) for a percentage, the amount ("5.00") for a fixed discount, null for free shipping' }),
    minimumSubtotal: moneyText.nullable(),
    startsAt: z.iso.datetime().nullable(),
    endsAt: z.iso.datetime().nullable(),
    usageLimit: z.int().nullable(),
    oncePerCustomer: z.boolean(),
    productIds: z.array(z.int()),
    categories: z.array(z.string()),
    combines: z.boolean().meta({ description: 'It also applies to items on an automatic sale' }),
    automatic: z.boolean().meta({ description: 'An automatic sale: no code to type, the sale price shown on the shelf' }),
    description: z.string(),
    status: z.enum(['scheduled', 'active', 'ended', 'used-up']),
    uses: z.int().meta({ description: 'Paid orders that used it' }),
    reserved: z.int().meta({ description: 'Checkouts holding a use while their payment is under way' }),
    revenue: moneyText.meta({ description: 'What the paid orders that used it came to' }),
    discounted: moneyText.meta({ description: 'What it took off those orders' }),
    timeZone: z.string().meta({ description: "The studio's time zone, to show the times in" }),
    createdAt: z.iso.datetime().nullable().meta({ description: 'null: a code the shop offers of itself (DARKCIRCLE10), not used or changed yet' }),
  })
  .meta({ id: 'AdminDiscount' });

export type AdminDiscountDto = z.infer<typeof adminDiscountSchema>;
