import { z } from 'zod';
import { ORDER_NOTE_MAX } from '../orders';
import { text, uuid } from '../platform/validation/text';

const WHOLE_CENTS = 'amountMoney.amount must be a whole number of cents.';
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
        amount: z
          .union([z.string().regex(/^\d{1,9}$/, WHOLE_CENTS), z.number(WHOLE_CENTS).int(WHOLE_CENTS).min(0, WHOLE_CENTS).max(999_999_999, WHOLE_CENTS)], WHOLE_CENTS)
          .transform(Number),
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
    /** The shopper's note to the studio: a gift message, a wish about the thread. */
    orderNote: text('The order note', { max: ORDER_NOTE_MAX, multiLine: true }).nullish(),
  })
  .refine((b) => b.fulfillmentMethod === 'pickup' || b.shippingAddress, {
    message: 'Please complete your shipping address.',
    path: ['shippingAddress'],
  });

export type ProcessPaymentBody = z.infer<typeof processPaymentBody>;

/** The cart page's Apply: whether a code takes something off this cart for this email, and how much. */
export const discountCheckBody = z.object({
  code: text('The discount code', { min: 1, max: 40, required: 'Please enter a discount code.' }),
  email: text('The email address', { min: 1, max: 254, required: 'Please enter your email address first: the code belongs to it.' }).pipe(z.email('Please enter a valid email address.')),
  cartId: uuid('cartId must be the cart id.'),
});

export type DiscountCheckBody = z.infer<typeof discountCheckBody>;
