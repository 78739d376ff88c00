import { conflict, notFound } from '../platform/errors/domain-error';
import type { Decider } from '../platform/event-store/decider';
import type { CheckoutOpened, Fulfilment, OrderEvent, PaymentCaptured, PaymentFailed } from './order.events';

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
    };

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
  | { kind: 'FulfilOrder'; trackingNumber?: string };

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
    if (event.type === 'CheckoutOpened') return { exists: true, status: 'opened', opened: event.data, confirmationSent: false };
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
    }
  },
};
