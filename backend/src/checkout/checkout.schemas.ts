import { z } from 'zod';

const WHOLE_CENTS = 'amountMoney.amount must be a whole number of cents.';

const required = (message: string) => z.string(message).trim().min(1, message);

const shippingAddress = z.object(
  {
    address: required('Please complete your shipping address.').pipe(z.string().max(200, 'The street address is too long.')),
    city: required('Please complete your shipping address.').pipe(z.string().max(100, 'The city is too long.')),
    state: required('Please complete your shipping address.').pipe(z.string().max(50, 'The state is too long.')),
    zipCode: required('Please complete your shipping address.').pipe(z.string().max(10, 'The ZIP code is too long.')),
    country: z.string().trim().max(56).default('US'),
  },
  'Please complete your shipping address.',
);

/**
 * The storefront's payment request. Only the card token, who is paying and how the order is
 * fulfilled are taken from it; the amount is checked against the server's own total, never used.
 */
export const processPaymentBody = z
  .object({
    sourceId: required('sourceId is required: the card was not tokenized.').pipe(z.string().max(512, 'sourceId is too long.')),
    amountMoney: z.object(
      {
        amount: z
          .union([z.string().regex(/^\d{1,9}$/, WHOLE_CENTS), z.number(WHOLE_CENTS).int(WHOLE_CENTS).min(0, WHOLE_CENTS).max(999_999_999, WHOLE_CENTS)], WHOLE_CENTS)
          .transform(Number),
        currency: z.literal('USD', 'amountMoney.currency must be USD.').default('USD'),
      },
      'amountMoney is required.',
    ),
    customerName: required('Please enter your name and email address.').pipe(z.string().max(200, 'The name is too long.')),
    customerEmail: required('Please enter your name and email address.').pipe(z.email('Please enter a valid email address.').max(254)),
    cartId: z.uuid('cartId must be the cart id.').transform((id) => id.toLowerCase()),
    fulfillmentMethod: z.enum(['pickup', 'shipping'], "fulfillmentMethod must be 'pickup' or 'shipping'.").default('pickup'),
    shippingAddress: shippingAddress.nullish(),
    shippingOption: z.literal('standard', "shippingOption must be 'standard'.").default('standard'),
    discountCode: z.string().trim().max(40).nullish(),
  })
  .refine((b) => b.fulfillmentMethod === 'pickup' || b.shippingAddress, {
    message: 'Please complete your shipping address.',
    path: ['shippingAddress'],
  });

export type ProcessPaymentBody = z.infer<typeof processPaymentBody>;

/** The cart page's Apply: whether a code takes something off this cart for this email, and how much. */
export const discountCheckBody = z.object({
  code: required('Please enter a discount code.').pipe(z.string().max(40, 'That discount code is too long.')),
  email: required('Please enter your email address first: the code belongs to it.').pipe(z.email('Please enter a valid email address.').max(254)),
  cartId: z.uuid('cartId must be the cart id.').transform((id) => id.toLowerCase()),
});

export type DiscountCheckBody = z.infer<typeof discountCheckBody>;
