import type { ContactFields } from './checkout-types';

/** This browser's own copy of the checkout contact: the server never hands it back (see `CartResponse`). */
const KEY = 'checkoutContact';

/** The name and email this browser last typed, and the cart they were last saved on (if the save went through). */
export interface SavedContact extends ContactFields {
  cartId?: string;
}

export function readSavedContact(): SavedContact | undefined {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const { name, email, cartId } = value as Record<string, unknown>;
    if (typeof name !== 'string' || typeof email !== 'string') return undefined;
    return { name, email, ...(typeof cartId === 'string' && { cartId }) };
  } catch {
    return undefined;
  }
}

/** Keeps the details for the next visit; `cartId` once that cart has them. The same details keep the cart they were saved on. */
export function rememberContact({ name, email }: ContactFields, cartId?: string): void {
  const previous = readSavedContact();
  const savedOn = cartId ?? (previous?.name === name && previous.email === email ? previous.cartId : undefined);
  try {
    localStorage.setItem(KEY, JSON.stringify({ name, email, ...(savedOn && { cartId: savedOn }) }));
  } catch {
    // Storage blocked: the form is simply empty next time.
  }
}
