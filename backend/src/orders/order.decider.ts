import { notFound } from '../platform/errors/domain-error';
import type { Decider } from '../platform/event-store/decider';
import { CheckoutCommand, decideCheckout, decideOpening, evolveCheckout, openedOrder } from './order-checkout.decider';
import { decideFulfillment, evolveFulfillment, FulfillmentCommand } from './order-fulfillment.decider';
import { decideNotes, NoteCommand } from './order-notes.decider';
import { decideRefunds, evolveRefunds, RefundCommand } from './order-refunds.decider';
import { decideSquareOrder, evolveSquareOrder, SQUARE_ORDER_COMMANDS, SquareOrderCommand } from './order-square.decider';
import { decideSquareFulfillment, evolveSquareFulfillment, SquareFulfillmentCommand } from './order-square-fulfillment.decider';
import type { OrderEvent } from './order.events';
import type { OrderState } from './order.state';

export type OrderCommand = CheckoutCommand | FulfillmentCommand | RefundCommand | NoteCommand | SquareOrderCommand | SquareFulfillmentCommand;

const FULFILLMENT_COMMANDS = new Set<OrderCommand['kind']>(['FulfillOrder', 'RecordFulfillmentStep', 'RecordFulfillmentEmailSent'] satisfies FulfillmentCommand['kind'][]);
const REFUND_COMMANDS = new Set<OrderCommand['kind']>(['RequestRefund', 'RecordSquareRefund', 'RecordRefundFailure', 'RecordRefundEmailSent'] satisfies RefundCommand['kind'][]);
const SQUARE_FULFILLMENT_COMMANDS = new Set<OrderCommand['kind']>(['RecordSquareFulfillment', 'RecordSquareFulfillmentRefusal'] satisfies SquareFulfillmentCommand['kind'][]);

/**
 * One order stream, its concerns each deciding and evolving its own part: the checkout
 * (order-checkout.decider), fulfillment (order-fulfillment.decider), refunds
 * (order-refunds.decider), the studio's notes (order-notes.decider, which change no state), the
 * Square order (order-square.decider) and its fulfillment kept in step with the shop's
 * (order-square-fulfillment.decider). Every command is safe to repeat.
 */
export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: { exists: false },

  evolve(state, event) {
    if (event.type === 'CheckoutOpened') return openedOrder(event.data);
    if (!state.exists) return state;
    return evolveSquareFulfillment(evolveSquareOrder(evolveRefunds(evolveFulfillment(evolveCheckout(state, event), event), event), event), event);
  },

  decide(command, state) {
    if (command.kind === 'OpenCheckout') return state.exists ? [] : decideOpening(command);
    if (!state.exists) throw notFound('That order was not found.');
    if (FULFILLMENT_COMMANDS.has(command.kind)) return decideFulfillment(command as FulfillmentCommand, state);
    if (REFUND_COMMANDS.has(command.kind)) return decideRefunds(command as RefundCommand, state);
    if (command.kind === 'AddStaffNote') return decideNotes(command);
    if (SQUARE_ORDER_COMMANDS.has(command.kind)) return decideSquareOrder(command as SquareOrderCommand, state);
    if (SQUARE_FULFILLMENT_COMMANDS.has(command.kind)) return decideSquareFulfillment(command as SquareFulfillmentCommand, state);
    return decideCheckout(command as Exclude<CheckoutCommand, { kind: 'OpenCheckout' }>, state);
  },
};
