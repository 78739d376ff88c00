import { z } from 'zod';
import { moneyText } from '../platform/money';

/** `delivery`: how long the rate takes once the order is sent ("5-7 business days"). */
const rate = z.object({ name: z.string(), description: z.string(), delivery: z.string(), cost: moneyText });

/** `GET /api/shipping/rates`: each method's cost for the subtotal asked about. */
export const shippingRatesSchema = z
  .object({ rates: z.object({ pickup: rate, standard: rate }), qualifiesForFreeShipping: z.boolean(), freeShippingThreshold: moneyText })
  .meta({ id: 'ShippingRates' });

export type ShippingRates = z.infer<typeof shippingRatesSchema>;
