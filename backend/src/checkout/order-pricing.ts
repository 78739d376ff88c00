import { shippingCostCents } from '../shipping/rules';
import type { FulfillmentMethod, PricedLine } from '../orders';

export interface OrderAmounts {
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  totalCents: number;
}

/** The one rule for what an order costs: lines at catalogue prices, plus shipping, less any discount; tax included. */
export function priceOrder(lines: readonly PricedLine[], fulfillment: FulfillmentMethod, discountCents = 0): OrderAmounts {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const shippingCents = shippingCostCents(fulfillment === 'pickup' ? 'pickup' : 'standard', subtotalCents);
  return { subtotalCents, shippingCents, discountCents, totalCents: subtotalCents + shippingCents - discountCents };
}
