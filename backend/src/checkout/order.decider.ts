import { conflict, invalid, notFound } from '../platform/errors/domain-error';
import type { Decider } from '../platform/event-store/decider';
import type { CheckoutOpened, Fulfilment, OrderEvent, PaymentCaptured, PaymentFailed, RefundLine, RefundTerms } from './order.events';

/**
 * opened → charging → paid → placed, or opened/charging → failed → closed. `paid` and `failed`
 * mean the money question is settled but the stock and the cart are not yet: a crash there is
 * finished by the reconciliation job.
 */
export type OrderStatus = 'opened' | 'charging' | 'paid' | 'placed' | 'failed' | 'closed';

export type OrderState =
  | { exists: false }
  | {
      exists: true;
      status: OrderStatus;
      opened: CheckoutOpened['data'];
      payment?: PaymentCaptured['data'];
      failure?: PaymentFailed['data'];
      /** When the charge was asked for: until the longest charge could take is past, a missing payment may still land. */
      chargeRequestedAt?: string;
      confirmationSent: boolean;
      fulfilled?: Fulfilment;
      /** Every refund asked for, by its request id: pending until Square's answer is recorded. */
      refunds: Record<string, RefundRecord>;
    };

export interface RefundRecord {
  terms: RefundTerms;
  status: 'pending' | 'refunded' | 'failed';
  squareRefundId?: string;
  emailSent: boolean;
}

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
  | { kind: 'FulfilOrder'; trackingNumber?: string }
  | { kind: 'RequestRefund'; refund: RefundAsked; at: string }
  | { kind: 'RecordRefund'; refundId: string; squareRefundId: string }
  | { kind: 'RecordRefundFailure'; refundId: string; code: string; message: string }
  | { kind: 'RecordRefundEmailSent'; refundId: string; messageId: string };

type OpenState = Extract<OrderState, { exists: true }>;

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
function refundedUnits(state: OpenState): number[] {
  const units = state.opened.lines.map(() => 0);
  for (const r of Object.values(state.refunds)) if (r.status !== 'failed') for (const l of r.terms.lines) units[l.itemId] += l.quantity;
  return units;
}

function decideRefund(state: OpenState, { refund, at }: { refund: RefundAsked; at: string }): OrderEvent[] {
  if (state.refunds[refund.refundId]) return [];
  const number = state.opened.orderNumber;
  if (state.status !== 'placed') throw conflict(`Order ${number} is not a placed order, so it cannot be refunded.`, 'ORDER_NOT_REFUNDABLE');
  const left = refundableCents(state);
  if (left <= 0) throw conflict(`Order ${number} is already fully refunded.`, 'ORDER_FULLY_REFUNDED');
  const units = refundedUnits(state);
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
  const linesValue = lines.reduce((sum, l) => sum + l.quantity * state.opened.lines[l.itemId].unitPriceCents, 0);
  const amountCents = refund.amountCents ?? (lines.length ? Math.min(linesValue, left) : left);
  if (!Number.isSafeInteger(amountCents) || amountCents < 1) throw invalid('The refund must be at least $0.01.', 'INVALID');
  if (amountCents > left) {
    throw conflict(`Order ${number} has ${(left / 100).toFixed(2)} left to refund, less than the ${(amountCents / 100).toFixed(2)} asked.`, 'REFUND_TOO_LARGE', { refundable: (left / 100).toFixed(2) });
  }
  return [{ type: 'RefundRequested', data: { refundId: refund.refundId, amountCents, lines, reason: refund.reason, requestedAt: at } }];
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
    if (event.type === 'CheckoutOpened') return { exists: true, status: 'opened', opened: event.data, confirmationSent: false, refunds: {} };
    if (!state.exists) return state;
    const status = statusAfter[event.type] ?? state.status;
    switch (event.type) {
      case 'ChargeRequested':
        return { ...state, status, chargeRequestedAt: event.data.requestedAt };
      case 'PaymentCaptured':
        return { ...state, status, payment: event.data };
      case 'PaymentFailed':
        return { ...state, status, failure: event.data };
      case 'OrderConfirmationSent':
        return { ...state, confirmationSent: true };
      case 'OrderFulfilled':
        return { ...state, fulfilled: event.data.as };
      case 'RefundRequested': {
        const { requestedAt: _at, ...terms } = event.data;
        return { ...state, refunds: { ...state.refunds, [terms.refundId]: { terms, status: 'pending', emailSent: false } } };
      }
      case 'OrderRefunded': {
        const r = state.refunds[event.data.refundId];
        return r ? { ...state, refunds: { ...state.refunds, [r.terms.refundId]: { ...r, status: 'refunded', squareRefundId: event.data.squareRefundId } } } : state;
      }
      case 'RefundFailed': {
        const r = state.refunds[event.data.refundId];
        return r ? { ...state, refunds: { ...state.refunds, [r.terms.refundId]: { ...r, status: 'failed' } } } : state;
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
      case 'RecordPayment':
        if (status === 'charging') return [{ type: 'PaymentCaptured', data: command.payment }];
        if (status === 'paid' || status === 'placed') return [];
        throw conflict(`Order ${state.opened.orderNumber} cannot take a payment while ${status}.`);
      case 'RecordFailure':
        return status === 'opened' || status === 'charging' ? [{ type: 'PaymentFailed', data: command.failure }] : [];
      case 'RefuseCheckout':
        // Never fails an order whose charge is under way: only Square can say how that one ends.
        return status === 'opened' ? [{ type: 'PaymentFailed', data: command.failure }] : [];
      case 'PlaceOrder':
        if (status === 'paid') return [{ type: 'OrderPlaced', data: { orderNumber: state.opened.orderNumber } }];
        if (status === 'placed') return [];
        throw conflict(`Order ${state.opened.orderNumber} is not paid.`);
      case 'CloseCheckout':
        if (status === 'failed') return [{ type: 'CheckoutClosed', data: {} }];
        if (status === 'closed') return [];
        throw conflict(`Order ${state.opened.orderNumber} has not failed.`);
      case 'RecordConfirmationSent':
        return status === 'placed' && !state.confirmationSent ? [{ type: 'OrderConfirmationSent', data: { messageId: command.messageId } }] : [];
      case 'FulfilOrder': {
        if (status !== 'placed') throw conflict(`Order ${state.opened.orderNumber} is not a paid order to fulfil.`);
        // A second click (or a second operator) finds it done already.
        if (state.fulfilled) return [];
        // Pickup orders are picked up, shipping orders shipped: the shopper chose at checkout.
        const as: Fulfilment = state.opened.fulfillment === 'pickup' ? 'picked-up' : 'shipped';
        const trackingNumber = as === 'shipped' && command.trackingNumber ? command.trackingNumber : null;
        return [{ type: 'OrderFulfilled', data: { as, trackingNumber } }];
      }
      case 'RequestRefund':
        return decideRefund(state, command);
      case 'RecordRefund': {
        const r = state.refunds[command.refundId];
        if (!r) throw notFound(`Order ${state.opened.orderNumber} has no refund ${command.refundId}.`);
        return r.status === 'pending' ? [{ type: 'OrderRefunded', data: { ...r.terms, squareRefundId: command.squareRefundId } }] : [];
      }
      case 'RecordRefundFailure': {
        const r = state.refunds[command.refundId];
        if (!r) throw notFound(`Order ${state.opened.orderNumber} has no refund ${command.refundId}.`);
        return r.status === 'pending' ? [{ type: 'RefundFailed', data: { refundId: command.refundId, code: command.code, message: command.message } }] : [];
      }
      case 'RecordRefundEmailSent': {
        const r = state.refunds[command.refundId];
        return r?.status === 'refunded' && !r.emailSent ? [{ type: 'RefundEmailSent', data: { refundId: command.refundId, messageId: command.messageId } }] : [];
      }
    }
  },
};
