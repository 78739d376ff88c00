import { invalid } from '../platform/errors/domain-error';
import { formatCents } from '../platform/money';

export const FREE_SHIPPING_THRESHOLD_CENTS = 5000;
const STANDARD_CENTS = 500;
/** What the storefront sends before a ZIP is typed. */
export const PLACEHOLDER_ZIP = '00000';

export type ShippingMethod = 'pickup' | 'standard';

/**
 * The cost of each fulfilment method for a subtotal: pickup free; standard free from 50.00. Each
 * method is named, so a new one is a compile error here rather than silently priced as standard.
 */
export function shippingCostCents(method: ShippingMethod, subtotalCents: number): number {
  switch (method) {
    case 'pickup':
      return 0;
    case 'standard':
      return subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS ? 0 : STANDARD_CENTS;
  }
}

/** US only: five digits, optionally ZIP+4. */
export function assertUsZip(zipCode: string): void {
  if (!/^\d{5}(-\d{4})?$/.test(zipCode.trim())) throw invalid('We only ship within the United States.', 'SHIPPING_RESTRICTED');
}

export function shippingRates(subtotalCents: number) {
  return {
    rates: {
      pickup: { name: 'Local Pickup', description: 'Free, ready in 1-2 days', delivery: '1-2 days', cost: formatCents(shippingCostCents('pickup', subtotalCents)) },
      standard: {
        name: 'Standard Shipping',
        description: '5-7 business days, free on orders of $50.00 or more',
        // How long it takes once sent: the confirmation's "What's Next?" quotes the chosen rate's.
        delivery: '5-7 business days',
        cost: formatCents(shippingCostCents('standard', subtotalCents)),
      },
    },
    qualifiesForFreeShipping: subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS,
    freeShippingThreshold: formatCents(FREE_SHIPPING_THRESHOLD_CENTS),
  };
}
