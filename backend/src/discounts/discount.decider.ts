import { conflict, invalid, notFound } from '../platform/errors/domain-error';
import type { Decider } from '../platform/event-store/decider';
import type { DiscountEvent, DiscountTerms } from './discount.events';

/** One checkout's hold on a use of the code: reserved until paid (`redeemed`) or released. */
export interface DiscountUse {
  email: string;
  cardFingerprint: string | null;
  redeemed: boolean;
}

export type DiscountState =
  | { status: 'none' }
  | { status: 'deleted'; code: string }
  /** `uses`: by order id, every checkout that reserved or redeemed it since it was (last) made. */
  | { status: 'active'; code: string; terms: DiscountTerms; uses: Readonly<Record<string, DiscountUse>> };

export type ActiveDiscount = Extract<DiscountState, { status: 'active' }>;

export type DiscountCommand =
  | { kind: 'Create'; code: string; terms: DiscountTerms }
  | { kind: 'Change'; changes: Partial<DiscountTerms> }
  | { kind: 'Delete' }
  /** `at`: the checkout's moment, as an ISO instant (the decider reads no clock). */
  | { kind: 'Reserve'; code: string; orderId: string; email: string; at: string }
  | { kind: 'ClaimCard'; orderId: string; cardFingerprint: string }
  | { kind: 'Release'; orderId: string }
  | { kind: 'Redeem'; orderId: string; email: string; cardFingerprint: string | null; totalCents: number; discountCents: number };

/** The refusal of a second use by one customer: also what the losing one of two racing checkouts is told. */
export const usedByEmail = (code: string) => conflict(`${code} has already been used with this email address. It is good for one order.`, 'DISCOUNT_ALREADY_USED');
export const usedByCard = (code: string) =>
  conflict(`${code} has already been used with this card. It is good for one order per customer. Nothing was charged: remove the code to pay the full price.`, 'DISCOUNT_ALREADY_USED');
export const unknownCode = (code: string) => invalid(`${code} is not a valid discount code.`, 'DISCOUNT_UNKNOWN');

/**
 * The studio's discount codes, one stream per code: made, changed and deleted by the studio; its
 * uses reserved by checkouts (in the transaction that opens the order), claimed by a card, then
 * redeemed when paid or released when the checkout fails. The usage limit and once-per-customer
 * are decided here, on the code's one stream, so racing checkouts cannot both take the last use.
 */
export const discountDecider: Decider<DiscountState, DiscountCommand, DiscountEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'DiscountCreated': {
        const { code, ...terms } = event.data;
        return { status: 'active', code, terms, uses: {} };
      }
      case 'DiscountDeleted':
        return state.status === 'active' ? { status: 'deleted', code: state.code } : state;
      default:
        return state.status === 'active' ? evolveActive(state, event) : state;
    }
  },

  decide(command, state) {
    switch (command.kind) {
      case 'Create':
        if (state.status === 'active') throw conflict(`${command.code} already exists.`, 'DISCOUNT_EXISTS');
        assertValidTerms(command.terms);
        return [{ type: 'DiscountCreated', data: { code: command.code, ...command.terms } }];
      case 'Change': {
        const discount = existing(state);
        const changes = changedTerms(discount.terms, command.changes);
        if (Object.keys(changes).length === 0) return [];
        assertValidTerms({ ...discount.terms, ...changes });
        return [{ type: 'DiscountChanged', data: { changes } }];
      }
      case 'Delete':
        // A second delete (a double click) is done already; a code never made is not.
        if (state.status === 'none') throw notFound('There is no such discount.', 'DISCOUNT_NOT_FOUND');
        return state.status === 'deleted' ? [] : [{ type: 'DiscountDeleted', data: {} }];
      case 'Reserve': {
        if (state.status !== 'active' || state.terms.automatic) throw unknownCode(command.code);
        // The same checkout again (a twin request, a retry): it holds its use already.
        if (state.uses[command.orderId]) return [];
        assertOn(state, command.at);
        assertUseLeft(state, command);
        return [{ type: 'DiscountReserved', data: { orderId: command.orderId, email: command.email } }];
      }
      case 'ClaimCard': {
        if (state.status !== 'active' || !state.terms.oncePerCustomer) return [];
        const { orderId, cardFingerprint } = command;
        const other = Object.entries(state.uses).some(([id, use]) => id !== orderId && use.cardFingerprint === cardFingerprint);
        if (other) throw usedByCard(state.code);
        const own = state.uses[orderId];
        return own && own.cardFingerprint !== cardFingerprint ? [{ type: 'DiscountCardClaimed', data: { orderId, cardFingerprint } }] : [];
      }
      case 'Release': {
        const use = state.status === 'active' ? state.uses[command.orderId] : undefined;
        return use && !use.redeemed ? [{ type: 'DiscountReleased', data: { orderId: command.orderId } }] : [];
      }
      case 'Redeem': {
        // A code deleted meanwhile is not counted; the order keeps the discount it was priced with.
        if (state.status !== 'active' || state.uses[command.orderId]?.redeemed) return [];
        const { kind: _kind, ...redeemed } = command;
        return [{ type: 'DiscountRedeemed', data: redeemed }];
      }
    }
  },
};

function evolveActive(state: ActiveDiscount, event: DiscountEvent): DiscountState {
  switch (event.type) {
    case 'DiscountChanged':
      return { ...state, terms: { ...state.terms, ...event.data.changes } };
    case 'DiscountReserved':
      return { ...state, uses: { ...state.uses, [event.data.orderId]: { email: event.data.email, cardFingerprint: null, redeemed: false } } };
    case 'DiscountCardClaimed': {
      const use = state.uses[event.data.orderId];
      return use ? { ...state, uses: { ...state.uses, [event.data.orderId]: { ...use, cardFingerprint: event.data.cardFingerprint } } } : state;
    }
    case 'DiscountReleased': {
      const { [event.data.orderId]: _released, ...uses } = state.uses;
      return { ...state, uses };
    }
    case 'DiscountRedeemed': {
      const { orderId, email, cardFingerprint } = event.data;
      return { ...state, uses: { ...state.uses, [orderId]: { email, cardFingerprint, redeemed: true } } };
    }
    default:
      return state;
  }
}

function existing(state: DiscountState): ActiveDiscount {
  if (state.status !== 'active') throw notFound('There is no such discount.', 'DISCOUNT_NOT_FOUND');
  return state;
}

/** Whether the code is on at `at` (an ISO instant): started, and not ended. */
export function assertOn({ code, terms }: ActiveDiscount, at: string): void {
  const now = Date.parse(at);
  if (terms.startsAt !== null && now < Date.parse(terms.startsAt)) throw conflict(`${code} is not on yet.`, 'DISCOUNT_NOT_STARTED', { startsAt: terms.startsAt });
  if (terms.endsAt !== null && now >= Date.parse(terms.endsAt)) throw conflict(`${code} has ended.`, 'DISCOUNT_ENDED', { endsAt: terms.endsAt });
}

/**
 * Whether checkout `orderId` (none: the cart page's Apply) may take a use for `email`: one is
 * left (reserved ones count), and, once per customer, no other checkout used it with this email.
 */
export function assertUseLeft({ code, terms, uses }: ActiveDiscount, { orderId, email }: { orderId?: string; email: string }): void {
  const others = Object.entries(uses).filter(([id]) => id !== orderId);
  if (terms.usageLimit !== null && others.length >= terms.usageLimit) {
    throw conflict(`${code} has been used as many times as it can be.`, 'DISCOUNT_LIMIT_REACHED', { usageLimit: terms.usageLimit });
  }
  if (terms.oncePerCustomer && others.some(([, use]) => use.email === email)) throw usedByEmail(code);
}

/** The terms a discount may have: a sane value for its type, an end after its start, and an automatic sale only as a price on the shelf. */
export function assertValidTerms(terms: DiscountTerms): void {
  const refuse = (message: string) => {
    throw invalid(message, 'VALIDATION_FAILED');
  };
  if (terms.type === 'percentage' && !(Number.isInteger(terms.value) && terms.value >= 1 && terms.value <= 100)) refuse('A percentage discount takes a whole 1 to 100 percent off.');
  if (terms.type === 'fixed' && !(Number.isInteger(terms.value) && terms.value >= 1)) refuse('A fixed discount takes at least $0.01 off.');
  if (terms.type === 'free-shipping' && terms.value !== 0) refuse('A free-shipping discount takes no value.');
  if (terms.startsAt !== null && terms.endsAt !== null && Date.parse(terms.endsAt) <= Date.parse(terms.startsAt)) refuse('The discount must end after it starts.');
  if (terms.usageLimit !== null && !(Number.isInteger(terms.usageLimit) && terms.usageLimit >= 1)) refuse('usageLimit must be a whole number of 1 or more.');
  if (terms.automatic) {
    if (terms.type === 'free-shipping') refuse('An automatic sale takes a percentage or an amount off prices; free shipping needs a code.');
    if (terms.usageLimit !== null || terms.oncePerCustomer || terms.minimumSubtotalCents > 0) {
      refuse('An automatic sale is the price every shopper sees: it takes no usage limit, once-per-customer or minimum subtotal.');
    }
  }
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what differs from now: a form saved unchanged records nothing. */
function changedTerms(current: DiscountTerms, changes: Partial<DiscountTerms>): Partial<DiscountTerms> {
  const entries = Object.entries(changes).filter(([field, value]) => value !== undefined && !sameValue(current[field as keyof DiscountTerms], value));
  return Object.fromEntries(entries) as Partial<DiscountTerms>;
}
