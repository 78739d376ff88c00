import { conflict, invalid } from '../platform/errors/domain-error';
import type { CheckoutOpened, OrderEvent, PaymentCaptured, PaymentFailed } from './order.events';
import { OpenOrder, orderName, OrderStatus } from './order.state';

/** The checkout's commands: open, charge, record the payment or the failure, place or close, confirm. */
export type CheckoutCommand =
  /** `hold`: the units the client's other unfinished checkouts hold, and how many it may hold at once. */
  | { kind: 'OpenCheckout'; opened: CheckoutOpened['data']; hold?: { heldUnits: number; limit: number } }
  | { kind: 'RequestCharge'; at: string }
  | { kind: 'RecordPayment'; payment: PaymentCaptured['data'] }
  | { kind: 'RecordFailure'; failure: PaymentFailed['data'] }
  /** The checkout was refused before its charge was asked for (its cart could not be locked). */
  | { kind: 'RefuseCheckout'; failure: PaymentFailed['data'] }
  | { kind: 'PlaceOrder' }
  | { kind: 'CloseCheckout' }
  | { kind: 'RecordConfirmationSent'; messageId: string };

const statusAfter: Partial<Record<OrderEvent['type'], OrderStatus>> = {
  ChargeRequested: 'charging',
  PaymentCaptured: 'paid',
  PaymentFailed: 'failed',
  OrderPlaced: 'placed',
  CheckoutClosed: 'closed',
};

/** The longest note a shopper may leave with an order. */
export const ORDER_NOTE_MAX = 500;

/**
 * A new checkout's units may be held only while the client's unfinished checkouts (not yet paid or
 * released) hold no more than `limit` with them: a script that never pays cannot hold the catalogue.
 */
export function decideOpening(command: Extract<CheckoutCommand, { kind: 'OpenCheckout' }>): OrderEvent[] {
  // The request's schema bounds it already; the order's own rule, whoever opens it.
  if (command.opened.note !== undefined && (command.opened.note.trim() === '' || command.opened.note.length > ORDER_NOTE_MAX)) {
    throw invalid(`The order note must be 1 to ${ORDER_NOTE_MAX} characters.`);
  }
  const units = command.opened.lines.reduce((sum, line) => sum + line.quantity, 0);
  if (command.hold && command.hold.heldUnits + units > command.hold.limit) {
    const { heldUnits, limit } = command.hold;
    throw conflict(
      `This checkout would hold ${units} item${units === 1 ? '' : 's'} while unfinished checkouts from your address hold ${heldUnits}: one address may hold at most ${limit} at once. Nothing was charged; please try again in a few minutes.`,
      'HOLD_LIMIT',
      { held: heldUnits, limit },
    );
  }
  return [{ type: 'CheckoutOpened', data: command.opened }];
}

/** The order as it opens: nothing paid, fulfilled or refunded yet. */
export function openedOrder(opened: CheckoutOpened['data']): OpenOrder {
  return { exists: true, status: 'opened', opened, orderNumber: opened.orderNumber, confirmationSent: false, fulfillmentStatus: 'unfulfilled', steps: {}, refunds: {} };
}

/** The checkout's events on an open order; any other event leaves it as it is. */
export function evolveCheckout(state: OpenOrder, event: OrderEvent): OpenOrder {
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
    default:
      return { ...state, status };
  }
}

/**
 * Every command is safe to repeat: two requests for the same checkout (a double click), or a request
 * and the reconciliation job, drive the same order and agree on one outcome.
 */
export function decideCheckout(command: Exclude<CheckoutCommand, { kind: 'OpenCheckout' }>, state: OpenOrder): OrderEvent[] {
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
  }
}
