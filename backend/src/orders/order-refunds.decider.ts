import { conflict, invalid, notFound } from '../platform/errors/domain-error';
import type { OrderEvent, RefundLine } from './order.events';
import { OpenOrder, orderName } from './order.state';
import { paidForUnits, paidPerLine } from './paid-shares';

/** A refund's status as Square reports it (a `PaymentRefund`'s `status`). */
export type SquareRefundStatus = 'PENDING' | 'COMPLETED' | 'FAILED' | 'REJECTED';

/** What a refund request says: no `amountCents` means the lines' value (capped at what is left), or without lines everything left. */
export interface RefundAsked {
  refundId: string;
  amountCents?: number;
  lines: Array<{ itemId: number; quantity: number; restock: boolean }>;
  reason: string;
}

export type RefundCommand =
  /** `squareRefundedCents`: what Square says it has refunded of the order's payment, asked just before (0 when not given). */
  | { kind: 'RequestRefund'; refund: RefundAsked; at: string; squareRefundedCents?: number }
  /** Square's word on a refund it took: its id and status, from its answer, a webhook or a poll. */
  | { kind: 'RecordSquareRefund'; refundId: string; squareRefundId: string; status: SquareRefundStatus }
  /** Square refused the refund (a 4xx verdict): nothing went back. */
  | { kind: 'RecordRefundFailure'; refundId: string; code: string; message: string }
  | { kind: 'RecordRefundEmailSent'; refundId: string; messageId: string };

/** Cents refunded or on their way back (pending refunds count: Square may be taking them now). */
export function refundedCents(state: OpenOrder): number {
  return Object.values(state.refunds)
    .filter((r) => r.status !== 'failed')
    .reduce((sum, r) => sum + r.terms.amountCents, 0);
}

/** What can still be refunded of the order's total. */
export function refundableCents(state: OpenOrder): number {
  return state.opened.totalCents - refundedCents(state);
}

/** Units of each line already refunded or on their way, by line index. */
export function refundedUnits(state: OpenOrder): number[] {
  const units = state.opened.lines.map(() => 0);
  for (const r of Object.values(state.refunds)) if (r.status !== 'failed') for (const l of r.terms.lines) units[l.itemId] += l.quantity;
  return units;
}

/** Cents each line's units gave back, as the shopper paid for them: the line's price less its share of the discount. */
export function linePaidCents(state: OpenOrder): number[] {
  return paidPerLine(state.opened.lines, state.opened.discountCents);
}

/**
 * What refunding 1, 2, … of a line's units left gives back: what the shopper paid for them
 * (`paidForUnits` after the units refunded or on their way).
 */
export function lineRefundValues(state: OpenOrder, itemId: number): number[] {
  const line = state.opened.lines[itemId];
  const before = refundedUnits(state)[itemId];
  const paid = linePaidCents(state)[itemId];
  return Array.from({ length: line.quantity - before }, (_, n) => paidForUnits(paid, line.quantity, before, n + 1));
}

/** Cents Square has given back (pending refunds excepted): the order is fully refunded when they reach its total. */
export function takenRefundCents(state: OpenOrder): number {
  return Object.values(state.refunds)
    .filter((r) => r.status === 'refunded')
    .reduce((sum, r) => sum + r.terms.amountCents, 0);
}

export const isFullyRefunded = (state: OpenOrder) => takenRefundCents(state) >= state.opened.totalCents;

function decideRefund(state: OpenOrder, { refund, at, squareRefundedCents = 0 }: Extract<RefundCommand, { kind: 'RequestRefund' }>): OrderEvent[] {
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
    lines.push({ itemId: asked.itemId, productId: line.productId, ...(line.variantId && { variantId: line.variantId }), quantity: asked.quantity, restock: asked.restock });
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
function decideSquareRefund(state: OpenOrder, { refundId, squareRefundId, status }: Extract<RefundCommand, { kind: 'RecordSquareRefund' }>): OrderEvent[] {
  const r = state.refunds[refundId];
  if (!r) throw notFound(`Order ${state.opened.orderNumber} has no refund ${refundId}.`);
  if (r.status !== 'pending') return [];
  if (status === 'COMPLETED') return [{ type: 'OrderRefunded', data: { ...r.terms, squareRefundId } }];
  if (status === 'PENDING') return r.squareRefundId ? [] : [{ type: 'RefundPending', data: { refundId, squareRefundId } }];
  const message = `Square could not give the money back to the card: its refund ${squareRefundId} ended ${status}.`;
  return [{ type: 'RefundFailed', data: { refundId, code: `REFUND_${status}`, message } }];
}

export function decideRefunds(command: RefundCommand, state: OpenOrder): OrderEvent[] {
  switch (command.kind) {
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
}

/** The refund events on an open order; any other event leaves it as it is. */
export function evolveRefunds(state: OpenOrder, event: OrderEvent): OpenOrder {
  switch (event.type) {
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
      return state;
  }
}
