import { conflict, invalid } from '../platform/errors/domain-error';
import type { OrderEvent } from './order.events';
import { OpenOrder, orderName } from './order.state';
import type { AdHocLine } from './square-order.events';

/** The Square order's commands: record the order Square made for the checkout, and the number it carries once paid. */
export type SquareOrderCommand =
  | { kind: 'RecordSquareOrder'; squareOrderId: string; totalCents: number; lineVariations?: (string | null)[]; adHocLines?: AdHocLine[] }
  | { kind: 'RecordSquareOrderNumber'; squareOrderId: string; referenceId: string };

export const SQUARE_ORDER_COMMANDS: ReadonlySet<string> = new Set<SquareOrderCommand['kind']>(['RecordSquareOrder', 'RecordSquareOrderNumber']);

/**
 * One Square order per checkout, recorded while the charge is under way (the payment names it), and
 * only one Square priced to the checkout's own total: a different total is never paid. A repeat of
 * the same order (a twin request, the same idempotency key) records nothing; so does an order that
 * arrives after the checkout settled another way.
 */
export function decideSquareOrder(command: SquareOrderCommand, state: OpenOrder): OrderEvent[] {
  if (command.kind === 'RecordSquareOrderNumber') return decideNumber(command, state);
  if (state.squareOrder) {
    if (state.squareOrder.id === command.squareOrderId) return [];
    throw conflict(`Order ${orderName(state)} already has Square order ${state.squareOrder.id}.`);
  }
  if (state.status !== 'charging') return [];
  if (command.totalCents !== state.opened.totalCents) {
    throw conflict(`Square prices order ${orderName(state)} at ${command.totalCents} cents, the shop at ${state.opened.totalCents}: it is not paid.`, 'SQUARE_TOTAL_MISMATCH');
  }
  const { squareOrderId, totalCents, lineVariations, adHocLines } = command;
  return [{ type: 'SquareOrderOpened', data: { squareOrderId, totalCents, ...(lineVariations ? { lineVariations } : {}), ...(adHocLines?.length ? { adHocLines } : {}) } }];
}

/**
 * Numbers go to paid orders only: the Square order carries the checkout's id until the order is paid,
 * then its number, once. Only the order's own number on its own Square order is recorded.
 */
function decideNumber(command: Extract<SquareOrderCommand, { kind: 'RecordSquareOrderNumber' }>, state: OpenOrder): OrderEvent[] {
  const booked = state.squareOrder;
  if (!booked) throw conflict(`Order ${orderName(state)} has no Square order to number.`);
  if (booked.id !== command.squareOrderId) throw conflict(`Order ${orderName(state)} is booked as Square order ${booked.id}, not ${command.squareOrderId}.`);
  if (state.status !== 'paid' && state.status !== 'placed') throw conflict(`Order ${orderName(state)} is not paid: its Square order keeps the checkout's id.`);
  if (command.referenceId !== state.orderNumber) throw invalid(`${command.referenceId} is not the number of order ${orderName(state)}.`);
  if (booked.numberedAs === command.referenceId) return [];
  return [{ type: 'SquareOrderNumbered', data: { squareOrderId: booked.id, referenceId: command.referenceId } }];
}

export function evolveSquareOrder(state: OpenOrder, event: OrderEvent): OpenOrder {
  if (event.type === 'SquareOrderOpened') {
    const { squareOrderId, totalCents, lineVariations, adHocLines } = event.data;
    return { ...state, squareOrder: { id: squareOrderId, totalCents, ...(lineVariations ? { lineVariations } : {}), ...(adHocLines ? { adHocLines } : {}) } };
  }
  if (event.type === 'SquareOrderNumbered' && state.squareOrder) return { ...state, squareOrder: { ...state.squareOrder, numberedAs: event.data.referenceId } };
  return state;
}
