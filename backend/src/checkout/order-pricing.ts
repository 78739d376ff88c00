import { conflict } from '../platform/errors/domain-error';
import { formatCents } from '../platform/money';
import { shippingCostCents } from '../shipping/rules';
import type { FulfillmentMethod, PricedLine } from '../orders';

export interface OrderAmounts {
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  totalCents: number;
}

/** The one rule for what an order costs: lines at catalogue prices, plus shipping (none with a free-shipping code), less any discount; tax included. */
export function priceOrder(lines: readonly PricedLine[], fulfillment: FulfillmentMethod, discountCents = 0, freeShipping = false): OrderAmounts {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const shippingCents = freeShipping ? 0 : shippingCostCents(fulfillment === 'pickup' ? 'pickup' : 'standard', subtotalCents);
  return { subtotalCents, shippingCents, discountCents, totalCents: subtotalCents + shippingCents - discountCents };
}

/** The least a card can be charged: Square refuses a payment of $0.00 (`amount_money` must be at least one cent). */
export const LEAST_CHARGE_CENTS = 1;

/** An order is paid by card, so its total must be one Square can charge; refused before any stock is held. */
export function assertChargeable(totalCents: number): void {
  if (totalCents < LEAST_CHARGE_CENTS) {
    throw conflict(`This order comes to $${formatCents(totalCents)}, which cannot be paid by card. Nothing was charged or held; please add an item with a price.`, 'TOTAL_NOT_CHARGEABLE', {
      total: formatCents(totalCents),
    });
  }
}
