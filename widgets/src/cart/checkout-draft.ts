import type { ContactFields, FulfillmentMethod, ShippingAddress } from './checkout-types';
import { EMPTY_SHIPPING_ADDRESS } from './checkout-types';
import { isUsState } from './us-states';
import { DEFAULT_SHIPPING_OPTION, type ShippingOption } from './useShippingRates';

/**
 * What the shopper typed and chose at checkout, kept in session storage so a reload, a detour to
 * another page or a phone browser discarding the tab loses nothing. Never the card: that lives in
 * the card form's own frame and is typed again.
 */
export interface CheckoutDraft {
  contact: ContactFields;
  fulfillment: FulfillmentMethod;
  address: ShippingAddress;
  shippingOption: ShippingOption;
  /** The discount code applied (the server checks it again on return). */
  discountCode: string | null;
}

const KEY = 'checkoutDraft';

const text = (value: unknown, max = 200) => (typeof value === 'string' ? value.slice(0, max) : '');

/** The kept draft, read defensively: storage is the shopper's to edit, and an older shop may have written it. */
export function readCheckoutDraft(): CheckoutDraft | null {
  let raw: unknown;
  try {
    raw = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const draft = raw as Record<string, unknown>;
  const contact = (draft.contact ?? {}) as Record<string, unknown>;
  const address = (draft.address ?? {}) as Record<string, unknown>;
  const state = text(address.state, 2);
  return {
    contact: { name: text(contact.name), email: text(contact.email, 254) },
    fulfillment: draft.fulfillment === 'shipping' ? 'shipping' : 'pickup',
    address: {
      address: text(address.address),
      city: text(address.city, 100),
      state: isUsState(state) ? state : '',
      zipCode: text(address.zipCode, 10),
      country: text(address.country, 56) || EMPTY_SHIPPING_ADDRESS.country,
    },
    shippingOption: DEFAULT_SHIPPING_OPTION,
    discountCode: text(draft.discountCode, 40) || null,
  };
}

export function saveCheckoutDraft(draft: CheckoutDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage blocked or full: the page still works, it only forgets on reload.
  }
}

/** A code from a link (`/?discount=CODE`): kept for /cart, which fills it in and asks the server what it takes off. */
export function rememberDiscountCode(code: string): void {
  const draft = readCheckoutDraft() ?? {
    contact: { name: '', email: '' },
    fulfillment: 'pickup',
    address: EMPTY_SHIPPING_ADDRESS,
    shippingOption: DEFAULT_SHIPPING_OPTION,
    discountCode: null,
  };
  saveCheckoutDraft({ ...draft, discountCode: code.trim().toUpperCase().slice(0, 40) });
}

/** After an order is paid its code is spent; the address and choices stay for the next one. */
export function forgetDiscountCode(): void {
  const draft = readCheckoutDraft();
  if (draft) saveCheckoutDraft({ ...draft, discountCode: null });
}
