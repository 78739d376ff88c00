// The catalogue's pure rules rather than its index: the decider stays pure, and its specs (run once
// per mutant by the mutation tests) load no Nest module.
import { assertAvailable, lineName, onlyVariantOf, type ProductSnapshot } from '../catalog/rules';
import { conflict, invalid, notFound } from '../platform/errors/domain-error';
import type { Decider } from '../platform/event-store/decider';
import type { CartEvent, MergedLine, RecoveryWithheldReason } from './cart.events';

export const MAX_LINE_QUANTITY = 99;

export interface CartLine {
  itemId: string;
  productId: number;
  /** The variant (lines from before variants: the product's only one) and its name ('' without options). */
  variantId: string;
  variantName: string;
  name: string;
  /** As the item was added (lines folded from older events may lack it). */
  imageUrl?: string;
  unitPriceCents: number;
  quantity: number;
}

export type CartState =
  | { exists: false }
  | {
      exists: true;
      cartId: string;
      sessionId: string;
      lines: CartLine[];
      contact?: { name: string; email: string };
      /** The contact was given in a checkout attempt (the cart page's contact step, or a payment): only then is it written to. */
      contactAtCheckout?: boolean;
      /** The order whose payment is in progress; the cart cannot change meanwhile. */
      checkoutOrderId?: string;
      abandoned?: boolean;
      /** The shopper changed the cart (or began paying) after it was abandoned: no more recovery emails. */
      changedSinceAbandoned?: boolean;
      /** The shopper came back through a restore link. */
      recovered?: boolean;
      /** Per line of other carts merged in (by its item id): the quantity of it already merged. */
      mergedFrom?: Readonly<Record<string, number>>;
      /** A recovery email asked for and not yet sent, and its step. */
      pendingRecoveryEmail?: string;
      pendingRecoveryStep?: number;
      recoveryEmailsSent?: number;
      /** The highest step of the sequence sent (or withheld) so far. */
      lastRecoveryStep?: number;
      /** Every address a recovery email of this cart went to. */
      recoveryRecipients?: string[];
    };

/** Recovery emails a cart may get in all: more would be a nuisance, not a reminder. */
export const MAX_RECOVERY_EMAILS = 3;

/** Stock as the catalogue reports it when the command is handled. */
export type StockSnapshot = Pick<ProductSnapshot, 'name' | 'inStock' | 'stockQuantity'> & { variantName?: string };

/** A line of another cart to merge in, with its product as the catalogue has it now (undefined: gone). */
export interface LineToMerge {
  fromItemId: string;
  productId: number;
  variantId: string;
  quantity: number;
  /** The id the line takes here if it is new to this cart. */
  newItemId: string;
  product: ProductSnapshot | undefined;
}

export type CartCommand =
  | { kind: 'CreateCart'; cartId: string; sessionId: string }
  | { kind: 'AddItem'; newItemId: string; quantity: number; product: ProductSnapshot }
  | { kind: 'ChangeQuantity'; itemId: string; quantity: number; stock: StockSnapshot }
  | { kind: 'RemoveItem'; itemId: string }
  /** `atCheckout`: given in a checkout attempt (the cart page's contact step, a payment), which recovery emails require. */
  | { kind: 'GiveContactDetails'; name: string; email: string; atCheckout: boolean }
  | { kind: 'ClearCart' }
  | { kind: 'MergeLines'; fromCartId: string; lines: readonly LineToMerge[] }
  | { kind: 'RepriceItems'; prices: Readonly<Record<string, number>> }
  | { kind: 'StartCheckout'; orderId: string; pricedLines: readonly Pick<CartLine, 'itemId' | 'quantity' | 'unitPriceCents'>[] }
  | { kind: 'FailCheckout'; orderId: string }
  | { kind: 'CompleteCheckout'; orderId: string }
  | { kind: 'AbandonCart' }
  | { kind: 'RequestRecoveryEmail'; requestId: string }
  /** The sequence's step came due; `optedOut`: the contact address asked for no recovery emails. */
  | { kind: 'RequestRecoveryStep'; requestId: string; step: number; optedOut: boolean }
  | { kind: 'RecordRecoveryEmailSent'; requestId: string; messageId: string; to: string }
  /** The address's own limits (opted out, written to lately, another cart's sequence) held the requested email back. */
  | { kind: 'WithholdRecoveryEmail'; requestId: string; reason: RecoveryWithheldReason }
  | { kind: 'RecoverCart' };

/** The commands that change what the cart holds; refused while a payment is in progress. */
const CHANGES_LINES = new Set<CartCommand['kind']>(['AddItem', 'ChangeQuantity', 'RemoveItem', 'ClearCart', 'MergeLines', 'RepriceItems']);

function checkStock(stock: StockSnapshot, wanted: number): void {
  assertAvailable({ name: lineName(stock.name, { name: stock.variantName ?? '' }), inStock: stock.inStock, available: stock.stockQuantity }, wanted);
  if (wanted > MAX_LINE_QUANTITY) throw invalid(`A cart holds at most ${MAX_LINE_QUANTITY} of one product.`, 'LINE_LIMIT');
}

const lineOf = (state: Extract<CartState, { exists: true }>, itemId: string) => {
  const line = state.lines.find((l) => l.itemId === itemId);
  if (!line) throw notFound('That item is no longer in the cart.');
  return line;
};

export const cartDecider: Decider<CartState, CartCommand, CartEvent> = {
  initialState: { exists: false },

  evolve(previous, event) {
    if (event.type === 'CartCreated') return { exists: true, ...event.data, lines: [] };
    if (!previous.exists) return previous;
    const state = previous.abandoned && SHOPPER_CHANGES.has(event.type) ? { ...previous, changedSinceAbandoned: true } : previous;
    switch (event.type) {
      case 'ItemAdded': {
        // Lines added before variants bought the product's only one.
        const { variantId = onlyVariantOf(event.data.productId), variantName = '', ...line } = event.data;
        return { ...state, lines: [...state.lines, { ...line, variantId, variantName }] };
      }
      case 'ItemQuantityChanged':
        return { ...state, lines: state.lines.map((l) => (l.itemId === event.data.itemId ? { ...l, quantity: event.data.quantity } : l)) };
      case 'ItemRemoved':
        return { ...state, lines: state.lines.filter((l) => l.itemId !== event.data.itemId) };
      case 'ContactDetailsGiven':
        return { ...state, contact: { name: event.data.name, email: event.data.email }, contactAtCheckout: event.data.atCheckout === true };
      case 'CartCleared':
        return { ...state, lines: [], pendingRecoveryEmail: undefined };
      case 'LinesMerged':
        return { ...state, mergedFrom: { ...state.mergedFrom, ...Object.fromEntries(event.data.lines.map((l) => [l.fromItemId, l.quantity])) } };
      case 'ItemRepriced':
        return { ...state, lines: state.lines.map((l) => (l.itemId === event.data.itemId ? { ...l, unitPriceCents: event.data.unitPriceCents } : l)) };
      case 'CheckoutStarted':
        return { ...state, checkoutOrderId: event.data.orderId };
      case 'CheckoutFailed':
        return { ...state, checkoutOrderId: undefined };
      case 'CartCheckedOut':
        return { ...state, lines: [], checkoutOrderId: undefined, pendingRecoveryEmail: undefined };
      case 'CartAbandoned':
        return { ...state, abandoned: true };
      case 'RecoveryEmailRequested':
        return { ...state, pendingRecoveryEmail: event.data.requestId, pendingRecoveryStep: event.data.step ?? (state.lastRecoveryStep ?? 0) + 1 };
      case 'RecoveryEmailSent': {
        const step = event.data.step ?? (state.lastRecoveryStep ?? 0) + 1;
        return {
          ...state,
          pendingRecoveryEmail: undefined,
          pendingRecoveryStep: undefined,
          recoveryEmailsSent: (state.recoveryEmailsSent ?? 0) + 1,
          lastRecoveryStep: Math.max(step, state.lastRecoveryStep ?? 0),
          recoveryRecipients: [...(state.recoveryRecipients ?? []), event.data.to],
        };
      }
      case 'RecoveryEmailWithheld':
        // The step is over all the same: a repeat of its job asks for nothing.
        return { ...state, pendingRecoveryEmail: undefined, pendingRecoveryStep: undefined, lastRecoveryStep: Math.max(state.pendingRecoveryStep ?? 0, state.lastRecoveryStep ?? 0) };
      case 'CartRecovered':
        return { ...state, recovered: true };
    }
  },

  decide(command, state) {
    if (command.kind === 'CreateCart') {
      if (state.exists) return [];
      return [{ type: 'CartCreated', data: { cartId: command.cartId, sessionId: command.sessionId } }];
    }
    if (!state.exists) throw notFound('That cart was not found.');
    if (state.checkoutOrderId && CHANGES_LINES.has(command.kind)) {
      throw conflict('Your payment is being processed; the cart can change again in a moment.', 'CHECKOUT_IN_PROGRESS');
    }
    switch (command.kind) {
      case 'AddItem': {
        const { product, quantity } = command;
        // Two sizes of one product are two lines.
        const existing = state.lines.find((l) => l.variantId === product.variantId);
        checkStock(product, (existing?.quantity ?? 0) + quantity);
        if (existing) return [{ type: 'ItemQuantityChanged', data: { itemId: existing.itemId, quantity: existing.quantity + quantity } }];
        return [{ type: 'ItemAdded', data: itemAdded(command.newItemId, product, quantity) }];
      }
      case 'ChangeQuantity': {
        const line = lineOf(state, command.itemId);
        if (command.quantity <= 0) return [{ type: 'ItemRemoved', data: { itemId: line.itemId } }];
        if (command.quantity === line.quantity) return [];
        // Lowering a quantity is always allowed; raising it must fit the stock.
        if (command.quantity > line.quantity) checkStock(command.stock, command.quantity);
        return [{ type: 'ItemQuantityChanged', data: { itemId: line.itemId, quantity: command.quantity } }];
      }
      case 'RemoveItem':
        return [{ type: 'ItemRemoved', data: { itemId: lineOf(state, command.itemId).itemId } }];
      case 'GiveContactDetails': {
        const same = state.contact?.name === command.name && state.contact?.email === command.email;
        // The same details again change nothing, unless a checkout attempt now vouches for them.
        if (same && (state.contactAtCheckout || !command.atCheckout)) return [];
        return [{ type: 'ContactDetailsGiven', data: { name: command.name, email: command.email, atCheckout: command.atCheckout } }];
      }
      case 'ClearCart':
        return state.lines.length ? [{ type: 'CartCleared', data: {} }] : [];
      case 'MergeLines':
        return mergeLines(state, command.fromCartId, command.lines);
      case 'RepriceItems':
        return state.lines
          .filter((l) => command.prices[l.itemId] !== undefined && command.prices[l.itemId] !== l.unitPriceCents)
          .map((l) => ({ type: 'ItemRepriced', data: { itemId: l.itemId, unitPriceCents: command.prices[l.itemId] } }));
      case 'StartCheckout':
        // The same checkout asked twice (a double click, a retry) is already started.
        if (state.checkoutOrderId === command.orderId) return [];
        if (state.checkoutOrderId) throw conflict('Your payment is being processed; the cart can change again in a moment.', 'CHECKOUT_IN_PROGRESS');
        if (state.lines.length === 0) throw invalid('Please add items to your cart before checking out.', 'EMPTY_CART');
        // The payment is for exactly the lines the shopper was shown and the server priced.
        if (!sameLines(state.lines, command.pricedLines)) {
          throw conflict('Your cart changed while you were paying. Please review it and try again.', 'CART_CHANGED');
        }
        return [{ type: 'CheckoutStarted', data: { orderId: command.orderId } }];
      case 'FailCheckout':
        return state.checkoutOrderId === command.orderId ? [{ type: 'CheckoutFailed', data: { orderId: command.orderId } }] : [];
      case 'CompleteCheckout':
        return state.checkoutOrderId === command.orderId ? [{ type: 'CartCheckedOut', data: { orderId: command.orderId } }] : [];
      case 'AbandonCart':
        checkRecoverable(state);
        return state.abandoned ? [] : [{ type: 'CartAbandoned', data: {} }];
      case 'RequestRecoveryEmail': {
        checkRecoverable(state);
        if (!state.contact) throw invalid('This cart has no email address to write to.', 'NO_EMAIL');
        if (!state.contactAtCheckout) {
          throw conflict('This address was never given at checkout, so the shop does not write to it: anyone can type an address into a cart.', 'CONTACT_NOT_FROM_CHECKOUT');
        }
        // A second click while the first email is on its way asks for nothing more.
        if (state.pendingRecoveryEmail) return [];
        if ((state.recoveryEmailsSent ?? 0) >= MAX_RECOVERY_EMAILS) {
          throw conflict(`This cart has had ${MAX_RECOVERY_EMAILS} recovery emails already.`, 'RECOVERY_LIMIT');
        }
        // The studio's email counts as the sequence's next step, so the sequence skips it.
        const step = (state.lastRecoveryStep ?? 0) + 1;
        const requested: CartEvent = { type: 'RecoveryEmailRequested', data: { requestId: command.requestId, step } };
        return state.abandoned ? [requested] : [{ type: 'CartAbandoned', data: {} }, requested];
      }
      case 'RequestRecoveryStep':
        return recoveryStepStops(state, command.step, command.optedOut) ? [] : [{ type: 'RecoveryEmailRequested', data: { requestId: command.requestId, step: command.step } }];
      case 'RecordRecoveryEmailSent':
        if (state.pendingRecoveryEmail !== command.requestId) return [];
        return [
          {
            type: 'RecoveryEmailSent',
            data: { requestId: command.requestId, step: state.pendingRecoveryStep ?? (state.lastRecoveryStep ?? 0) + 1, messageId: command.messageId, to: command.to },
          },
        ];
      case 'WithholdRecoveryEmail':
        if (state.pendingRecoveryEmail !== command.requestId) return [];
        return [{ type: 'RecoveryEmailWithheld', data: { requestId: command.requestId, step: state.pendingRecoveryStep!, reason: command.reason } }];
      case 'RecoverCart':
        // Only an abandoned cart that still holds something is won back; a second click is the same return.
        return state.abandoned && !state.recovered && state.lines.length > 0 ? [{ type: 'CartRecovered', data: {} }] : [];
    }
  },
};

/**
 * Another cart's lines added to this one: what each line gained since it was last merged (a reload of
 * the same link adds nothing), up to the stock and the line limit; a product sold out or gone adds none.
 */
function mergeLines(state: Extract<CartState, { exists: true }>, fromCartId: string, toMerge: readonly LineToMerge[]): CartEvent[] {
  const changes: CartEvent[] = [];
  const merged: MergedLine[] = [];
  const held = new Map(state.lines.map((l) => [l.variantId, { itemId: l.itemId, quantity: l.quantity }]));
  for (const from of toMerge) {
    const wanted = from.quantity - (state.mergedFrom?.[from.fromItemId] ?? 0);
    if (wanted <= 0) continue;
    const { product } = from;
    const available = product?.inStock ? product.stockQuantity : 0;
    const line = held.get(from.variantId);
    const added = Math.max(0, Math.min(wanted, Math.min(available, MAX_LINE_QUANTITY) - (line?.quantity ?? 0)));
    const note = available <= 0 ? 'soldout' : added < wanted ? 'lowered' : undefined;
    merged.push({ fromItemId: from.fromItemId, productId: from.productId, quantity: from.quantity, added, ...(note && { note }) });
    if (added === 0) continue;
    if (line) {
      line.quantity += added;
      changes.push({ type: 'ItemQuantityChanged', data: { itemId: line.itemId, quantity: line.quantity } });
    } else {
      held.set(from.variantId, { itemId: from.newItemId, quantity: added });
      changes.push({ type: 'ItemAdded', data: itemAdded(from.newItemId, product!, added) });
    }
  }
  return merged.length ? [...changes, { type: 'LinesMerged', data: { fromCartId, lines: merged } }] : [];
}

const itemAdded = (itemId: string, p: ProductSnapshot, quantity: number) => ({
  itemId,
  productId: p.productId,
  variantId: p.variantId,
  variantName: p.variantName,
  name: p.name,
  imageUrl: p.imageUrl,
  unitPriceCents: p.priceCents,
  quantity,
});

/** What the shopper does to a cart; after its abandonment any of it means they are back, so the emails stop. */
const SHOPPER_CHANGES = new Set<CartEvent['type']>(['ItemAdded', 'ItemQuantityChanged', 'ItemRemoved', 'ContactDetailsGiven', 'CartCleared', 'CheckoutStarted']);

/**
 * Why the sequence's `step` sends nothing, or undefined when it is due: the cart is not abandoned,
 * bought or emptied (no lines), being paid for, changed by the shopper or recovered since; the step
 * (or a later one) went out already or another email is on its way; there is no address, it was not
 * given in a checkout attempt (anyone can type an address into a cart), or it opted out.
 */
export function recoveryStepStops(state: CartState, step: number, optedOut: boolean): string | undefined {
  if (!state.exists || !state.abandoned) return 'not abandoned';
  if (state.lines.length === 0) return 'bought or emptied';
  if (state.checkoutOrderId) return 'being paid for';
  if (state.changedSinceAbandoned) return 'changed by the shopper';
  if (state.recovered) return 'recovered';
  if ((state.lastRecoveryStep ?? 0) >= step) return 'step sent already';
  if (state.pendingRecoveryEmail) return 'an email is on its way';
  if (!state.contact) return 'no address';
  if (!state.contactAtCheckout) return 'address not given at checkout';
  if (optedOut) return 'opted out';
  return undefined;
}

/** Only a cart with something in it, not being paid for, can be abandoned or recovered. */
function checkRecoverable(state: Extract<CartState, { exists: true }>): void {
  if (state.lines.length === 0) throw invalid('This cart is empty: there is nothing to recover.', 'EMPTY_CART');
  if (state.checkoutOrderId) throw conflict('This cart is being paid for right now.', 'CHECKOUT_IN_PROGRESS');
}

const sameLines = (lines: readonly CartLine[], priced: readonly Pick<CartLine, 'itemId' | 'quantity' | 'unitPriceCents'>[]) =>
  lines.length === priced.length && lines.every((l) => priced.some((p) => p.itemId === l.itemId && p.quantity === l.quantity && p.unitPriceCents === l.unitPriceCents));

/** The cart's total in cents, from its own lines: never from what a browser sends. */
export const totalCents = (lines: readonly CartLine[]) => lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
