import { conflict, invalid, notFound } from '../platform/errors/domain-error';
import type { Decider } from '../platform/event-store/decider';
import type { CheckoutOpened, Fulfilment, FulfilmentStep, OrderEvent, PaidOrderTerms, PaymentCaptured, PaymentFailed, RefundLine, RefundTerms } from './order.events';
import { paidForUnits, paidPerLine } from '../checkout/order-pricing';
import { trackingUrl } from './tracking-links';

/**
 * opened → charging → paid → placed, or opened/charging → failed → closed. `paid` and `failed`
 * mean the money question is settled but the stock and the cart are not yet: a crash there is
 * finished by the reconciliation job.
 */
export type OrderStatus = 'opened' | 'charging' | 'paid' | 'placed' | 'failed' | 'closed';

/** Where fulfilment stands: the last step recorded. */
export type FulfilmentStatus = 'unfulfilled' | FulfilmentStep;

/** What one recorded fulfilment step said, and whether the shopper was emailed about it. */
export interface StepRecord {
  note: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  emailSent: boolean;
}

export type OrderState =
  | { exists: false }
  | {
      exists: true;
      status: OrderStatus;
      opened: CheckoutOpened['data'];
      /** The shopper's order number: given when the payment is captured (orders opened before that was so carry it from their opening). */
      orderNumber?: string;
      payment?: PaymentCaptured['data'];
      failure?: PaymentFailed['data'];
      /** When the charge was asked for: until the longest charge could take is past, a missing payment may still land. */
      chargeRequestedAt?: string;
      confirmationSent: boolean;
      /** How the order finally reached its shopper (picked up or shipped), once it did. */
      fulfilled?: Fulfilment;
      fulfilment: FulfilmentStatus;
      /** Each step recorded so far (an older `OrderFulfilled` replays as its step). */
      steps: Partial<Record<FulfilmentStep, StepRecord>>;
      /** Every refund asked for, by its request id: pending until Square says it completed or failed. */
      refunds: Record<string, RefundRecord>;
    };

export interface RefundRecord {
  terms: RefundTerms;
  /** `pending`: not settled yet, whether Square never answered or answered `PENDING` (then `squareRefundId` is known). */
  status: 'pending' | 'refunded' | 'failed';
  squareRefundId?: string;
  /** Why nothing went back, on a failed refund. */
  failure?: { code: string; message: string };
  emailSent: boolean;
}

/** A refund's status as Square reports it (a `PaymentRefund`'s `status`). */
export type SquareRefundStatus = 'PENDING' | 'COMPLETED' | 'FAILED' | 'REJECTED';

/** What a refund request says: no `amountCents` means the lines' value (capped at what is left), or without lines everything left. */
export interface RefundAsked {
  refundId: string;
  amountCents?: number;
  lines: Array<{ itemId: number; quantity: number; restock: boolean }>;
  reason: string;
}

export type OrderCommand =
  | { kind: 'OpenCheckout'; opened: CheckoutOpened['data'] }
  | { kind: 'RequestCharge'; at: string }
  | { kind: 'RecordPayment'; payment: PaymentCaptured['data'] }
  | { kind: 'RecordFailure'; failure: PaymentFailed['data'] }
  /** The checkout was refused before its charge was asked for (its cart could not be locked). */
  | { kind: 'RefuseCheckout'; failure: PaymentFailed['data'] }
  | { kind: 'PlaceOrder' }
  | { kind: 'CloseCheckout' }
  | { kind: 'RecordConfirmationSent'; messageId: string }
  /** The route from before fulfilment had steps: picks up a pickup order, ships a shipping one (no carrier). */
  | { kind: 'FulfilOrder'; trackingNumber?: string }
  | { kind: 'RecordFulfilmentStep'; step: FulfilmentStep; carrier?: string; trackingNumber?: string; note?: string }
  | { kind: 'RecordFulfilmentEmailSent'; step: FulfilmentStep; messageId: string }
  /** `squareRefundedCents`: what Square says it has refunded of the order's payment, asked just before (0 when not given). */
  | { kind: 'RequestRefund'; refund: RefundAsked; at: string; squareRefundedCents?: number }
  /** Square's word on a refund it took: its id and status, from its answer, a webhook or a poll. */
  | { kind: 'RecordSquareRefund'; refundId: string; squareRefundId: string; status: SquareRefundStatus }
  /** Square refused the refund (a 4xx verdict): nothing went back. */
  | { kind: 'RecordRefundFailure'; refundId: string; code: string; message: string }
  | { kind: 'RecordRefundEmailSent'; refundId: string; messageId: string };

type OpenState = Extract<OrderState, { exists: true }>;

/** How an order is named in messages and logs: its number once it has one, its id before. */
export const orderName = (state: OpenState): string => state.orderNumber ?? state.opened.orderId;

/** A paid order's terms with its number, for what the shopper is sent. */
export const paidTerms = (state: OpenState): PaidOrderTerms => ({ ...state.opened, orderNumber: orderName(state) });

/** Cents refunded or on their way back (pending refunds count: Square may be taking them now). */
export function refundedCents(state: OpenState): number {
  return Object.values(state.refunds)
    .filter((r) => r.status !== 'failed')
    .reduce((sum, r) => sum + r.terms.amountCents, 0);
}

/** What can still be refunded of the order's total. */
export function refundableCents(state: OpenState): number {
  return state.opened.totalCents - refundedCents(state);
}

/** Units of each line already refunded or on their way, by line index. */
export function refundedUnits(state: OpenState): number[] {
  const units = state.opened.lines.map(() => 0);
  for (const r of Object.values(state.refunds)) if (r.status !== 'failed') for (const l of r.terms.lines) units[l.itemId] += l.quantity;
  return units;
}

/** Cents each line's units gave back, as the shopper paid for them: the line's price less its share of the discount. */
export function linePaidCents(state: OpenState): number[] {
  return paidPerLine(state.opened.lines, state.opened.discountCents);
}

/**
 * What refunding 1, 2, … of a line's units left gives back: what the shopper paid for them
 * (`paidForUnits` after the units refunded or on their way).
 */
export function lineRefundValues(state: OpenState, itemId: number): number[] {
  const line = state.opened.lines[itemId];
  const before = refundedUnits(state)[itemId];
  const paid = linePaidCents(state)[itemId];
  return Array.from({ length: line.quantity - before }, (_, n) => paidForUnits(paid, line.quantity, before, n + 1));
}

function decideRefund(state: OpenState, { refund, at, squareRefundedCents = 0 }: Extract<OrderCommand, { kind: 'RequestRefund' }>): OrderEvent[] {
  if (state.refunds[refund.refundId]) return [];
  const number = orderName(state);
  if (state.status !== 'placed') throw conflict(`Order ${number} is not a placed order, so it cannot be refunded.`, 'ORDER_NOT_REFUNDABLE');
  // Square's count wins when it is the larger: money it gave back that the shop never recorded is gone all the same.
  const squareAhead = squareRefundedCents > refundedCents(state);
  const left = state.opened.totalCents - Math.max(refundedCents(state), squareRefundedCents);
  if (left <= 0) throw conflict(`Order ${number} is already fully refunded.`, 'ORDER_FULLY_REFUNDED');
  const units = refundedUnits(state);
  const paid = linePaidCents(state);
  const lines: RefundLine[] = [];
  const seen = new Set<number>();
  for (const asked of refund.lines) {
    const line = state.opened.lines[asked.itemId];
    if (!line) throw invalid(`Order ${number} has no line ${asked.itemId} (itemId is the line's index, from 0).`, 'REFUND_LINES_INVALID');
    if (seen.has(asked.itemId)) throw invalid(`Line ${asked.itemId} is named twice in the refund.`, 'REFUND_LINES_INVALID');
    seen.add(asked.itemId);
    const unitsLeft = line.quantity - units[asked.itemId];
    if (asked.quantity < 1 || asked.quantity > unitsLeft) {
      throw invalid(`Line ${asked.itemId} (${line.name}) has ${unitsLeft} unit(s) left to refund, not ${asked.quantity}.`, 'REFUND_LINES_INVALID', { itemId: asked.itemId, unitsLeft });
    }
    lines.push({ itemId: asked.itemId, productId: line.productId, quantity: asked.quantity, restock: asked.restock });
  }
  const linesValue = lines.reduce((sum, l) => sum + paidForUnits(paid[l.itemId], state.opened.lines[l.itemId].quantity, units[l.itemId], l.quantity), 0);
  const amountCents = refund.amountCents ?? (lines.length ? Math.min(linesValue, left) : left);
  if (!Number.isSafeInteger(amountCents) || amountCents < 1) throw invalid('The refund must be at least $0.01.', 'INVALID');
  if (amountCents > left) {
    const why = squareAhead ? ` (Square has refunded ${(squareRefundedCents / 100).toFixed(2)} of its payment)` : '';
    throw conflict(`Order ${number} has ${(left / 100).toFixed(2)} left to refund${why}, less than the ${(amountCents / 100).toFixed(2)} asked.`, 'REFUND_TOO_LARGE', {
      refundable: (left / 100).toFixed(2),
    });
  }
  return [{ type: 'RefundRequested', data: { refundId: refund.refundId, amountCents, lines, reason: refund.reason, requestedAt: at } }];
}

/** Square's word on a refund: settled once (completed or failed); `PENDING` is recorded once, with Square's refund id. */
function decideSquareRefund(state: OpenState, { refundId, squareRefundId, status }: Extract<OrderCommand, { kind: 'RecordSquareRefund' }>): OrderEvent[] {
  const r = state.refunds[refundId];
  if (!r) throw notFound(`Order ${state.opened.orderNumber} has no refund ${refundId}.`);
  if (r.status !== 'pending') return [];
  if (status === 'COMPLETED') return [{ type: 'OrderRefunded', data: { ...r.terms, squareRefundId } }];
  if (status === 'PENDING') return r.squareRefundId ? [] : [{ type: 'RefundPending', data: { refundId, squareRefundId } }];
  const message = `Square could not give the money back to the card: its refund ${squareRefundId} ended ${status}.`;
  return [{ type: 'RefundFailed', data: { refundId, code: `REFUND_${status}`, message } }];
}

/** Cents Square has given back (pending refunds excepted): the order is fully refunded when they reach its total. */
export function takenRefundCents(state: OpenState): number {
  return Object.values(state.refunds)
    .filter((r) => r.status === 'refunded')
    .reduce((sum, r) => sum + r.terms.amountCents, 0);
}

export const isFullyRefunded = (state: OpenState) => takenRefundCents(state) >= state.opened.totalCents;

/** Each step of a method and the steps that may come after it: a pickup may be collected before it was made ready (a shopper turned up early). */
const STEPS_AFTER: Record<OpenState['opened']['fulfillment'], Partial<Record<FulfilmentStatus, FulfilmentStep[]>>> = {
  pickup: { unfulfilled: ['ready-for-pickup', 'picked-up'], 'ready-for-pickup': ['picked-up'] },
  shipping: { unfulfilled: ['shipped'] },
};

/** The fulfilment steps the studio can take now: none on an order not placed, fully refunded, or fulfilled. */
export function nextFulfilmentSteps(state: OpenState): FulfilmentStep[] {
  if (state.status !== 'placed' || isFullyRefunded(state)) return [];
  return STEPS_AFTER[state.opened.fulfillment][state.fulfilment] ?? [];
}

const STEP_WORDS: Record<FulfilmentStatus, string> = { unfulfilled: 'unfulfilled', 'ready-for-pickup': 'ready for pickup', shipped: 'shipped', 'picked-up': 'picked up' };

/** Records one step; repeating the step the order is at is a no-op (a double click), anything else out of turn a 409 naming why. */
function decideStep(state: OpenState, command: Extract<OrderCommand, { kind: 'RecordFulfilmentStep' }>): OrderEvent[] {
  const { step } = command;
  const number = orderName(state);
  const refuse = (why: string) => conflict(`Order ${number} ${why}`, 'FULFILMENT_STEP_REFUSED', { step, fulfilment: state.fulfilment });
  if (state.status !== 'placed') throw refuse(`is not a paid order, so it cannot be marked ${STEP_WORDS[step]}.`);
  if (state.fulfilment === step) return [];
  const method = state.opened.fulfillment;
  if (method === 'pickup' && step === 'shipped') throw refuse('is a pickup order: it is made ready for pickup and picked up, never shipped.');
  if (method === 'shipping' && step !== 'shipped') throw refuse(`is a shipping order: it is shipped, never marked ${STEP_WORDS[step]}.`);
  if (isFullyRefunded(state)) throw refuse('is fully refunded: there is nothing left to fulfil.');
  if (!nextFulfilmentSteps(state).includes(step)) throw refuse(`is already ${STEP_WORDS[state.fulfilment]}; it cannot go back to ${STEP_WORDS[step]}.`);
  const note = command.note?.trim() || null;
  if (step === 'ready-for-pickup') return [{ type: 'OrderReadyForPickup', data: { note } }];
  if (step === 'picked-up') return [{ type: 'OrderPickedUp', data: { note } }];
  const carrier = command.carrier?.trim() || null;
  const trackingNumber = command.trackingNumber?.trim() || null;
  return [{ type: 'OrderShipped', data: { carrier, trackingNumber, trackingUrl: trackingUrl(carrier, trackingNumber), note } }];
}

const noNews = { note: null, carrier: null, trackingNumber: null, trackingUrl: null, emailSent: false };

/** The state after one fulfilment step. */
function withStep(state: OpenState, step: FulfilmentStep, record: Omit<StepRecord, 'emailSent'>, emailSent = false): OpenState {
  const fulfilled: Fulfilment | undefined = step === 'ready-for-pickup' ? state.fulfilled : step;
  return { ...state, fulfilment: step, fulfilled, steps: { ...state.steps, [step]: { ...record, emailSent } } };
}

const statusAfter: Partial<Record<OrderEvent['type'], OrderStatus>> = {
  ChargeRequested: 'charging',
  PaymentCaptured: 'paid',
  PaymentFailed: 'failed',
  OrderPlaced: 'placed',
  CheckoutClosed: 'closed',
};

/**
 * Every command is safe to repeat: two requests for the same checkout (a double click), or a request
 * and the reconciliation job, drive the same order and agree on one outcome.
 */
export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: { exists: false },

  evolve(state, event) {
    if (event.type === 'CheckoutOpened') return { exists: true, status: 'opened', opened: event.data, orderNumber: event.data.orderNumber, confirmationSent: false, fulfilment: 'unfulfilled', steps: {}, refunds: {} };
    if (!state.exists) return state;
    const status = statusAfter[event.type] ?? state.status;
    switch (event.type) {
      case 'ChargeRequested':
        return { ...state, status, chargeRequestedAt: event.data.requestedAt };
      case 'PaymentCaptured':
        return { ...state, status, payment: event.data, orderNumber: event.data.orderNumber ?? state.orderNumber };
      case 'PaymentFailed':
        return { ...state, status, failure: event.data };
      case 'OrderConfirmationSent':
        return { ...state, confirmationSent: true };
      case 'OrderFulfilled':
        // Recorded before the steps, and never emailed about: replays as its step, its email not owed.
        return withStep(state, event.data.as, { ...noNews, trackingNumber: event.data.trackingNumber }, true);
      case 'OrderReadyForPickup':
        return withStep(state, 'ready-for-pickup', { ...noNews, note: event.data.note });
      case 'OrderPickedUp':
        return withStep(state, 'picked-up', { ...noNews, note: event.data.note });
      case 'OrderShipped':
        return withStep(state, 'shipped', event.data);
      case 'FulfilmentEmailSent': {
        const record = state.steps[event.data.step];
        return record ? { ...state, steps: { ...state.steps, [event.data.step]: { ...record, emailSent: true } } } : state;
      }
      case 'RefundRequested': {
        const { requestedAt: _at, ...terms } = event.data;
        return { ...state, refunds: { ...state.refunds, [terms.refundId]: { terms, status: 'pending', emailSent: false } } };
      }
      case 'RefundPending': {
        const r = state.refunds[event.data.refundId];
        return r ? { ...state, refunds: { ...state.refunds, [r.terms.refundId]: { ...r, squareRefundId: event.data.squareRefundId } } } : state;
      }
      case 'OrderRefunded': {
        const r = state.refunds[event.data.refundId];
        return r ? { ...state, refunds: { ...state.refunds, [r.terms.refundId]: { ...r, status: 'refunded', squareRefundId: event.data.squareRefundId } } } : state;
      }
      case 'RefundFailed': {
        const r = state.refunds[event.data.refundId];
        return r ? { ...state, refunds: { ...state.refunds, [r.terms.refundId]: { ...r, status: 'failed', failure: { code: event.data.code, message: event.data.message } } } } : state;
      }
      case 'RefundEmailSent': {
        const r = state.refunds[event.data.refundId];
        return r ? { ...state, refunds: { ...state.refunds, [r.terms.refundId]: { ...r, emailSent: true } } } : state;
      }
      default:
        return { ...state, status };
    }
  },

  decide(command, state) {
    if (command.kind === 'OpenCheckout') return state.exists ? [] : [{ type: 'CheckoutOpened', data: command.opened }];
    if (!state.exists) throw notFound('That order was not found.');
    const { status } = state;
    switch (command.kind) {
      case 'RequestCharge':
        return status === 'opened' ? [{ type: 'ChargeRequested', data: { requestedAt: command.at } }] : [];
      case 'RecordPayment': {
        if (status === 'paid' || status === 'placed') return [];
        if (status !== 'charging') throw conflict(`Order ${orderName(state)} cannot take a payment while ${status}.`);
        // Every paid order has a number, and keeps the one it already has.
        const orderNumber = state.orderNumber ?? command.payment.orderNumber;
        if (!orderNumber) throw conflict(`Order ${orderName(state)} cannot take a payment without its order number.`);
        return [{ type: 'PaymentCaptured', data: { ...command.payment, orderNumber } }];
      }
      case 'RecordFailure':
        return status === 'opened' || status === 'charging' ? [{ type: 'PaymentFailed', data: command.failure }] : [];
      case 'RefuseCheckout':
        // Never fails an order whose charge is under way: only Square can say how that one ends.
        return status === 'opened' ? [{ type: 'PaymentFailed', data: command.failure }] : [];
      case 'PlaceOrder':
        if (status === 'paid') return [{ type: 'OrderPlaced', data: { orderNumber: orderName(state) } }];
        if (status === 'placed') return [];
        throw conflict(`Order ${orderName(state)} is not paid.`);
      case 'CloseCheckout':
        if (status === 'failed') return [{ type: 'CheckoutClosed', data: {} }];
        if (status === 'closed') return [];
        throw conflict(`Order ${orderName(state)} has not failed.`);
      case 'RecordConfirmationSent':
        return status === 'placed' && !state.confirmationSent ? [{ type: 'OrderConfirmationSent', data: { messageId: command.messageId } }] : [];
      case 'FulfilOrder': {
        if (status !== 'placed') throw conflict(`Order ${orderName(state)} is not a paid order to fulfil.`, 'FULFILMENT_STEP_REFUSED');
        // A second click (or a second operator) finds it done already.
        if (state.fulfilled) return [];
        // Pickup orders are picked up, shipping orders shipped: the shopper chose at checkout.
        if (state.opened.fulfillment === 'pickup') return decideStep(state, { kind: 'RecordFulfilmentStep', step: 'picked-up' });
        return decideStep(state, { kind: 'RecordFulfilmentStep', step: 'shipped', trackingNumber: command.trackingNumber });
      }
      case 'RecordFulfilmentStep':
        return decideStep(state, command);
      case 'RecordFulfilmentEmailSent': {
        const record = state.steps[command.step];
        return record && !record.emailSent ? [{ type: 'FulfilmentEmailSent', data: { step: command.step, messageId: command.messageId } }] : [];
      }
      case 'RequestRefund':
        return decideRefund(state, command);
      case 'RecordSquareRefund':
        return decideSquareRefund(state, command);
      case 'RecordRefundFailure': {
        const r = state.refunds[command.refundId];
        if (!r) throw notFound(`Order ${orderName(state)} has no refund ${command.refundId}.`);
        return r.status === 'pending' ? [{ type: 'RefundFailed', data: { refundId: command.refundId, code: command.code, message: command.message } }] : [];
      }
      case 'RecordRefundEmailSent': {
        const r = state.refunds[command.refundId];
        return r?.status === 'refunded' && !r.emailSent ? [{ type: 'RefundEmailSent', data: { refundId: command.refundId, messageId: command.messageId } }] : [];
      }
    }
  },
};
