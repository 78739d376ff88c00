import type { PaidCard } from '@dark-circle/api-client';
import type { FulfillmentMethod, ShippingAddress } from '../cart/checkout-types';

/**
 * What the confirmation page shows, kept in session storage between the payment and that page. A
 * type rather than an interface: the confirmation route takes it as an open record of fields.
 */
export type OrderRecord = {
  /** The payment id, as the order confirmation has always called it. */
  orderId: string;
  orderNumber: string;
  /** The order's signed status token: the confirmation's own address (`?order=<token>`) and the status page's. */
  statusToken?: string;
  /** Two-decimal string, e.g. "77.00". */
  total: string;
  /** The server's subtotal and shipping ("0.00" for pickup or free shipping); absent on older records. */
  subtotal?: string;
  shipping?: string;
  /** The card that paid, as the server had it from Square (never what the card form said). */
  card?: PaidCard | null;
  /** The shipping rate chosen, as the server's rates named it ("Standard Shipping", "5-7 business days"); absent for pickup and on older records. */
  shippingRate?: { name: string; delivery: string };
  /** What a discount code took off, e.g. "6.80", and the code; absent without one. */
  discount?: string;
  discountCode?: string;
  customerName: string;
  customerEmail: string;
  fulfillmentMethod: FulfillmentMethod;
  shippingAddress: ShippingAddress | null;
  items: { name: string; quantity: number; price: string }[];
};

const KEY = 'orderConfirmation';

/** `/order-confirmation?order=<statusToken>`: the confirmation's permanent address. */
export const ORDER_PARAM = 'order';

export function saveOrderRecord(record: OrderRecord): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(record));
  } catch {
    // Storage blocked: the confirmation's address still shows the order, from the server.
  }
}

function parse(raw: string | null): OrderRecord | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as OrderRecord;
  } catch {
    return null;
  }
}

let taken: { raw: string | null } | undefined;

/**
 * A visit to the confirmation page with no order in its address: the record is read once, then
 * removed, so a second such visit shows 'Order Not Found'. The value taken is remembered for this
 * page load, so a second render (React's strict mode) sees it too.
 */
export function takeOrderRecord(): OrderRecord | null {
  try {
    if (!taken || sessionStorage.getItem(KEY) !== null) {
      taken = { raw: sessionStorage.getItem(KEY) };
      sessionStorage.removeItem(KEY);
    }
  } catch {
    return null;
  }
  return parse(taken.raw);
}

/** The status token of the order this tab paid for last, if it keeps one: that order's confirmation address. */
export function keptOrderToken(): string | undefined {
  try {
    return parse(sessionStorage.getItem(KEY))?.statusToken || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The record of the order `token` names, when this tab paid for it: kept, not taken, so a reload or
 * Back/Forward shows the confirmation exactly as it was (with the full address and email, which the
 * token alone does not reveal). Null for another order or another browser: the page asks the server.
 */
export function orderRecordFor(token: string): OrderRecord | null {
  try {
    const record = parse(sessionStorage.getItem(KEY));
    return record?.statusToken === token ? record : null;
  } catch {
    return null;
  }
}
