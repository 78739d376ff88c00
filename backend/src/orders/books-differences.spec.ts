import type { Square } from 'square';
import { booksProblems, type BookedOrder } from './books-differences';

const usd = (cents: number): Square.Money => ({ amount: BigInt(cents), currency: 'USD' });
const order: BookedOrder = {
  orderNumber: 'DC-1001',
  lines: [
    { productId: 1, variantId: '1-2', variantName: 'M', name: 'Coven Zip Hoodie', quantity: 2, unitPriceCents: 7200 },
    { productId: 2, variantId: '2-1', variantName: '', name: 'Skull Patch', quantity: 1, unitPriceCents: 900 },
  ],
  totalCents: 13770,
  paymentId: 'P1',
  squareOrderId: 'SQ1',
  lineVariations: ['VAR-M', null],
};
const square: Square.Order = {
  id: 'SQ1',
  locationId: 'L1',
  referenceId: 'DC-1001',
  state: 'OPEN',
  lineItems: [
    { catalogObjectId: 'VAR-M', quantity: '2', basePriceMoney: usd(7200) },
    { name: 'Skull Patch', quantity: '1', basePriceMoney: usd(900) },
  ],
  totalMoney: usd(13770),
  netAmountDueMoney: usd(0),
  tenders: [{ type: 'CARD', paymentId: 'P1' }],
};
const codes = (o: BookedOrder, s: Square.Order | undefined) => booksProblems(o, s).map((p) => p.code);
const details = (o: BookedOrder, s: Square.Order | undefined) => booksProblems(o, s).map((p) => p.detail);

describe('booksProblems: a paid web order against its Square order', () => {
  it('finds nothing when the total, the lines, the payment and the number agree', () => {
    expect(booksProblems(order, square)).toEqual([]);
    // A completed order (its fulfillment done) agrees as well.
    expect(booksProblems(order, { ...square, state: 'COMPLETED' })).toEqual([]);
  });

  it('says when no Square order was booked, or Square has none by that id', () => {
    expect(booksProblems({ ...order, squareOrderId: null }, square)).toEqual([{ code: 'NO_SQUARE_ORDER', detail: 'No Square order was booked for this order.' }]);
    expect(booksProblems(order, undefined)).toEqual([{ code: 'NOT_IN_SQUARE', detail: 'Square has no order SQ1.' }]);
  });

  it('says when Square canceled it, or it is not paid there by the order’s payment', () => {
    expect(booksProblems(order, { ...square, state: 'CANCELED' })).toEqual([{ code: 'CANCELED_IN_SQUARE', detail: "Square's order is canceled." }]);
    expect(booksProblems(order, { ...square, netAmountDueMoney: usd(150) })).toEqual([{ code: 'NOT_PAID_IN_SQUARE', detail: "Square's order still has $1.50 due." }]);
    expect(booksProblems(order, { ...square, tenders: [{ type: 'CARD', paymentId: 'P2' }] })).toEqual([{ code: 'NOT_PAID_IN_SQUARE', detail: "Square's order is not paid by payment P1." }]);
    expect(details(order, { ...square, tenders: undefined })).toEqual(["Square's order is not paid by payment P1."]);
    // Paid by a gift card and the order's card: the order's payment is among its tenders.
    expect(
      booksProblems(order, {
        ...square,
        tenders: [
          { type: 'SQUARE_GIFT_CARD', paymentId: 'GIFT' },
          { type: 'CARD', paymentId: 'P1' },
        ],
      }),
    ).toEqual([]);
    expect(details(order, { ...square, netAmountDueMoney: undefined })).toEqual([]);
    // An order the shop knows no payment of is judged by what Square says is due.
    expect(codes({ ...order, paymentId: null }, { ...square, tenders: [] })).toEqual([]);
  });

  it('lists a total other than the shop’s', () => {
    expect(details(order, { ...square, totalMoney: usd(13771) })).toEqual(["Square's total is $137.71, the shop's $137.70."]);
    expect(codes(order, { ...square, totalMoney: undefined })).toEqual(['TOTAL_DIFFERS']);
  });

  it('lists each line whose variation, quantity or price differs, by position', () => {
    const [hoodie, patch] = square.lineItems!;
    expect(booksProblems(order, { ...square, lineItems: [{ ...hoodie!, catalogObjectId: 'VAR-L' }, patch!] })).toEqual([
      { code: 'LINE_DIFFERS', detail: 'Line 1 (Coven Zip Hoodie, M): Square has variation VAR-L, the shop booked variation VAR-M.' },
    ]);
    expect(
      details(order, {
        ...square,
        lineItems: [
          { ...hoodie!, catalogObjectId: undefined },
          { ...patch!, catalogObjectId: 'VAR-P' },
        ],
      }),
    ).toEqual([
      'Line 1 (Coven Zip Hoodie, M): Square has an ad hoc line, the shop booked variation VAR-M.',
      'Line 2 (Skull Patch): Square has variation VAR-P, the shop booked an ad hoc line.',
    ]);
    expect(
      booksProblems(order, {
        ...square,
        lineItems: [
          { ...hoodie!, quantity: '3' },
          { ...patch!, basePriceMoney: usd(1000) },
        ],
      }),
    ).toEqual([
      { code: 'LINE_DIFFERS', detail: 'Line 1 (Coven Zip Hoodie, M): Square has quantity 3, the shop 2.' },
      { code: 'LINE_DIFFERS', detail: "Line 2 (Skull Patch): Square's price is $10.00, the shop's $9.00." },
    ]);
    // A line from before variants names no variant.
    const { variantId: _variantId, variantName: _variantName, ...plain } = order.lines[1]!;
    expect(details({ ...order, lines: [order.lines[0]!, plain] }, { ...square, lineItems: [hoodie!, { ...patch!, quantity: '2' }] })).toEqual([
      'Line 2 (Skull Patch): Square has quantity 2, the shop 1.',
    ]);
    expect(codes(order, { ...square, lineItems: [{ ...hoodie!, basePriceMoney: undefined }, patch!] })).toEqual(['LINE_DIFFERS']);
  });

  it('lists a line count other than the shop’s, and compares the lines both have', () => {
    expect(details(order, { ...square, lineItems: [square.lineItems![0]!] })).toEqual(["Square's order has 1 line(s), the shop's 2."]);
    expect(codes(order, { ...square, lineItems: undefined })).toEqual(['LINE_COUNT_DIFFERS']);
    expect(codes(order, { ...square, lineItems: [...square.lineItems!, square.lineItems![1]!] })).toEqual(['LINE_COUNT_DIFFERS']);
  });

  it('compares no variation for an order booked before its lines’ variations were recorded', () => {
    const [hoodie, patch] = square.lineItems!;
    expect(booksProblems({ ...order, lineVariations: null }, { ...square, lineItems: [{ ...hoodie!, catalogObjectId: 'VAR-L' }, patch!] })).toEqual([]);
  });

  it('lists a Square order that does not carry the order’s number', () => {
    expect(booksProblems(order, { ...square, referenceId: 'checkout-id' })).toEqual([
      { code: 'REFERENCE_DIFFERS', detail: "Square's order carries reference checkout-id, not the order number DC-1001." },
    ]);
    expect(details(order, { ...square, referenceId: undefined })).toEqual(["Square's order carries reference (none), not the order number DC-1001."]);
    expect(codes({ ...order, orderNumber: null }, { ...square, referenceId: 'checkout-id' })).toEqual([]);
  });
});
