import { conflict } from '../platform/errors/domain-error';
import type { OrderEvent } from './order.events';
import { OpenOrder, orderName } from './order.state';

/** The Square order's commands: record the order Square made for the checkout. */
export type SquareOrderCommand = { kind: 'RecordSquareOrder'; squareOrderId: string; totalCents: number };

/**
 * One Square order per checkout, recorded while the charge is under way (the payment names it), and
 * only one Square priced to the checkout's own total: a different total is never paid. A repeat of
 * the same order (a twin request, the same idempotency key) records nothing; so does an order that
 * arrives after the checkout settled another way.
 */
export function decideSquareOrder(command: SquareOrderCommand, state: OpenOrder): OrderEvent[] {
  if (state.squareOrder) {
    if (state.squareOrder.id === command.squareOrderId) return [];
    throw conflict(`Order ${orderName(state)} already has Square order ${state.squareOrder.id}.`);
  }
  if (state.status !== 'charging') return [];
  if (command.totalCents !== state.opened.totalCents) {
    throw conflict(`Square prices order ${orderName(state)} at ${command.totalCents} cents, the shop at ${state.opened.totalCents}: it is not paid.`, 'SQUARE_TOTAL_MISMATCH');
  }
  return [{ type: 'SquareOrderOpened', data: { squareOrderId: command.squareOrderId, totalCents: command.totalCents } }];
}

export function evolveSquareOrder(state: OpenOrder, event: OrderEvent): OpenOrder {
  return event.type === 'SquareOrderOpened' ? { ...state, squareOrder: { id: event.data.squareOrderId, totalCents: event.data.totalCents } } : state;
}
