import { z } from 'zod';
import { text, uuid } from '../platform/validation/text';

const ADDRESS_MISSING = 'Please complete your shipping address.';
const CONTACT_MISSING = 'Please enter your name and email address.';

const shippingAddress = z.object(
  {
    address: text('The street address', { min: 1, max: 200, required: ADDRESS_MISSING }),
    city: text('The city', { min: 1, max: 100, required: ADDRESS_MISSING }),
    state: text('The state', { min: 1, max: 50, required: ADDRESS_MISSING }),
    zipCode: text('The ZIP code', { min: 1, max: 10, required: ADDRESS_MISSING }),
    country: text('The country', { max: 56 }).default('US'),
  },
  'Please complete your shipping address.',
);

/**
 * The storefront's payment request. Only the card token, who is paying and how the order is
 * fulfilled are taken from it; the amount is checked against the server's own total, never used.
 */
export const processPaymentBody = z
  .object({
    sourceId: text('sourceId', { min: 1, max: 512, required: 'sourceId is required: the card was not tokenized.' }),
    amountMoney: z.object(
      {
        amount: z.union([z.string().regex(/^\d{1,9}$/), z.number().int().min(0).max(999_999_999)], 'amountMoney.amount must be a whole number of cents.').transform(Number),
        currency: z.literal('USD', 'amountMoney.currency must be USD.').default('USD'),
      },
      'amountMoney is required.',
    ),
    customerName: text('The name', { min: 1, max: 200, required: CONTACT_MISSING }),
    customerEmail: text('The email address', { min: 1, max: 254, required: CONTACT_MISSING }).pipe(z.email('Please enter a valid email address.')),
    cartId: uuid('cartId must be the cart id.'),
    fulfillmentMethod: z.enum(['pickup', 'shipping'], "fulfillmentMethod must be 'pickup' or 'shipping'.").default('pickup'),
    shippingAddress: shippingAddress.nullish(),
    shippingOption: z.literal('standard', "shippingOption must be 'standard'.").default('standard'),
    discountCode: text('discountCode', { max: 40 }).nullish(),
  })
  .refine((b) => b.fulfillmentMethod === 'pickup' || b.shippingAddress, {
    message: 'Please complete your shipping address.',
    path: ['shippingAddress'],
  });

export type ProcessPaymentBody = z.infer<typeof processPaymentBody>;
