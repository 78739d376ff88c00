import type { FulfillmentMethod, ShippingAddress } from '../cart/checkout-types';

/** What the confirmation page shows, kept in session storage between the payment and that page. */
export interface OrderRecord {
  /** The payment id, as the order confirmation has always called it. */
  orderId: string;
  orderNumber: string;
  /** Two-decimal string, e.g. "77.00". */
  total: string;
  /** What a discount code took off, e.g. "6.80", and the code; absent without one. */
  discount?: string;
  discountCode?: string;
  customerName: string;
  customerEmail: string;
  fulfillmentMethod: FulfillmentMethod;
  shippingAddress: ShippingAddress | null;
  items: { name: string; quantity: number; price: string }[];
}

const KEY = 'orderConfirmation';

export function saveOrderRecord(record: OrderRecord): void {
  sessionStorage.setItem(KEY, JSON.stringify(record));
}

let taken: { raw: string | null } | undefined;

/**
 * Read once, then removed: a reload of the confirmation page shows 'Order Not Found'. The value
 * taken is remembered for this page load, so a second render (React's strict mode) sees it too.
 */
export function takeOrderRecord(): OrderRecord | null {
  if (!taken || sessionStorage.getItem(KEY) !== null) {
    taken = { raw: sessionStorage.getItem(KEY) };
    sessionStorage.removeItem(KEY);
  }
  if (!taken.raw) return null;
  try {
    return JSON.parse(taken.raw) as OrderRecord;
  } catch {
    return null;
  }
}
