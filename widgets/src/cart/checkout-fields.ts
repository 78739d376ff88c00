import type { ContactFields, FulfillmentMethod, ShippingAddress } from './checkout-types';
import { isUsState } from './us-states';

/** The checkout's typed fields, by the id of their input. */
export type CheckoutFieldId = 'checkout-name' | 'checkout-email' | `shipping-${'address' | 'city' | 'state' | 'zipCode'}`;

/** The server's own email rule (zod's), so an address this accepts is not refused at payment. */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** A US ZIP code: five digits, or ZIP+4. */
export const US_ZIP = /^\d{5}(-\d{4})?$/;

export type FieldProblems = Partial<Record<CheckoutFieldId, { text: string; missing: boolean }>>;

/**
 * What is wrong with each field, in the form's order: missing (shown once Complete Order was
 * pressed) or malformed (shown as soon as the shopper leaves the field).
 */
export function fieldProblems(contact: ContactFields, fulfillment: FulfillmentMethod, address: ShippingAddress): FieldProblems {
  const problems: FieldProblems = {};
  const missing = (id: CheckoutFieldId, text: string) => (problems[id] = { text, missing: true });
  const wrong = (id: CheckoutFieldId, text: string) => (problems[id] = { text, missing: false });

  if (!contact.name.trim()) missing('checkout-name', 'Enter your name.');
  const email = contact.email.trim();
  if (!email) missing('checkout-email', 'Enter your email address.');
  else if (!EMAIL.test(email)) wrong('checkout-email', 'Enter an email address like name@example.com.');
  if (fulfillment !== 'shipping') return problems;

  if (!address.address.trim()) missing('shipping-address', 'Enter the street address.');
  if (!address.city.trim()) missing('shipping-city', 'Enter the city.');
  if (!address.state) missing('shipping-state', 'Choose a state or territory.');
  else if (!isUsState(address.state)) wrong('shipping-state', 'Choose a state or territory.');
  const zip = address.zipCode.trim();
  if (!zip) missing('shipping-zipCode', 'Enter the ZIP code.');
  else if (!US_ZIP.test(zip)) wrong('shipping-zipCode', 'Enter a 5-digit ZIP code, or ZIP+4 (12345-6789).');
  return problems;
}

/** The input a refusal of the payment request names ("shippingAddress.zipCode"), to take the shopper there. */
export function fieldOfRequest(path: string | undefined): CheckoutFieldId | undefined {
  if (path === 'customerName') return 'checkout-name';
  if (path === 'customerEmail') return 'checkout-email';
  const key = /^shippingAddress\.(address|city|state|zipCode)$/.exec(path ?? '')?.[1] as 'address' | 'city' | 'state' | 'zipCode' | undefined;
  return key ? `shipping-${key}` : undefined;
}
