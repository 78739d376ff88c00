import type { Square } from 'square';
import { lineName } from '../catalog/rules';
import { formatCents } from '../platform/money';
import type { OrderLine } from './order.events';

/** Why a paid web order and its Square order do not agree: a stable code and the studio's words. */
export interface BooksProblem {
  code: 'NO_SQUARE_ORDER' | 'NOT_IN_SQUARE' | 'CANCELED_IN_SQUARE' | 'NOT_PAID_IN_SQUARE' | 'TOTAL_DIFFERS' | 'LINE_COUNT_DIFFERS' | 'LINE_DIFFERS' | 'REFERENCE_DIFFERS';
  detail: string;
}

/** What the shop holds of a paid order, as the books check compares it. */
export interface BookedOrder {
  orderNumber: string | null;
  lines: OrderLine[];
  totalCents: number;
  paymentId: string | null;
  squareOrderId: string | null;
  /** The variation each line was booked as (null: ad hoc); absent on orders booked before it was recorded: then only quantities and prices are compared. */
  lineVariations: (string | null)[] | null;
}

const dollars = (cents: number) => `$${formatCents(cents)}`;
const cents = (m: Square.Money | undefined | null) => Number(m?.amount ?? 0);

/**
 * Where Square's books differ from the shop's for one paid order: the Square order missing or
 * canceled, not paid (something still due), its total, its lines (each one's variation, quantity and
 * price, by position: Square keeps the order it was given), its `reference_id` (the order's number).
 * Empty when they agree.
 */
export function booksProblems(order: BookedOrder, square: Square.Order | undefined): BooksProblem[] {
  if (!order.squareOrderId) return [{ code: 'NO_SQUARE_ORDER', detail: 'No Square order was booked for this order.' }];
  if (!square) return [{ code: 'NOT_IN_SQUARE', detail: `Square has no order ${order.squareOrderId}.` }];
  const problems: BooksProblem[] = [];
  if (square.state === 'CANCELED') problems.push({ code: 'CANCELED_IN_SQUARE', detail: "Square's order is canceled." });
  const due = cents(square.netAmountDueMoney);
  const paidByPayment = !order.paymentId || (square.tenders?.some((t) => t.paymentId === order.paymentId) ?? false);
  if (due > 0 || !paidByPayment) {
    problems.push({ code: 'NOT_PAID_IN_SQUARE', detail: due > 0 ? `Square's order still has ${dollars(due)} due.` : `Square's order is not paid by payment ${order.paymentId}.` });
  }
  const total = cents(square.totalMoney);
  if (total !== order.totalCents) problems.push({ code: 'TOTAL_DIFFERS', detail: `Square's total is ${dollars(total)}, the shop's ${dollars(order.totalCents)}.` });
  const squareLines = square.lineItems ?? [];
  if (squareLines.length !== order.lines.length) {
    problems.push({ code: 'LINE_COUNT_DIFFERS', detail: `Square's order has ${squareLines.length} line(s), the shop's ${order.lines.length}.` });
  }
  order.lines.forEach((line, i) => {
    const theirs = squareLines[i];
    if (!theirs) return;
    const name = `Line ${i + 1} (${lineName(line.name, { name: line.variantName ?? '' })})`;
    const booked = order.lineVariations?.[i];
    const variation = theirs.catalogObjectId ?? null;
    if (booked !== undefined && variation !== booked) {
      const said = (v: string | null) => (v ? `variation ${v}` : 'an ad hoc line');
      problems.push({ code: 'LINE_DIFFERS', detail: `${name}: Square has ${said(variation)}, the shop booked ${said(booked)}.` });
    }
    if (theirs.quantity !== String(line.quantity)) problems.push({ code: 'LINE_DIFFERS', detail: `${name}: Square has quantity ${theirs.quantity}, the shop ${line.quantity}.` });
    const price = cents(theirs.basePriceMoney);
    if (price !== line.unitPriceCents) problems.push({ code: 'LINE_DIFFERS', detail: `${name}: Square's price is ${dollars(price)}, the shop's ${dollars(line.unitPriceCents)}.` });
  });
  if (order.orderNumber && square.referenceId !== order.orderNumber) {
    problems.push({ code: 'REFERENCE_DIFFERS', detail: `Square's order carries reference ${square.referenceId ?? '(none)'}, not the order number ${order.orderNumber}.` });
  }
  return problems;
}
