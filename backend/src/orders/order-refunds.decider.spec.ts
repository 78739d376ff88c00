import { deciderSpec } from '../../test/support/decider-spec';
import { fold } from '../platform/event-store/decider';
import { DomainError } from '../platform/errors/domain-error';
import { orderDecider } from './order.decider';
import { lineRefundValues, linePaidCents, refundableCents } from './order-refunds.decider';
import type { CheckoutOpened, OrderEvent } from './order.events';

const spec = deciderSpec(orderDecider);
const terms: CheckoutOpened['data'] = {
  orderId: 'o1',
  orderNumber: 'DC-1001',
  cartId: 'c1',
  customer: { name: 'Ana', email: 'ana@example.com' },
  fulfillment: 'pickup',
  shippingAddress: null,
  lines: [
    { productId: 7, name: 'Raven Hoodie', quantity: 2, unitPriceCents: 3000 },
    { productId: 9, name: 'Moth Pin', quantity: 1, unitPriceCents: 1000 },
  ],
  subtotalCents: 7000,
  shippingCents: 0,
  discountCents: 0,
  totalCents: 7000,
  sourceId: 'cnon:card-nonce-ok',
  idempotencyKey: 'dc-c1-3',
};
const at = '2026-11-24T12:00:00.000Z';
const placedOrder: OrderEvent[] = [
  { type: 'CheckoutOpened', data: terms },
  { type: 'ChargeRequested', data: { requestedAt: at } },
  { type: 'PaymentCaptured', data: { paymentId: 'p1', amountCents: 7000, cardBrand: 'VISA', last4: '1111' } },
  { type: 'OrderPlaced', data: { orderNumber: 'DC-1001' } },
];
const requested = (refundId: string, amountCents: number): OrderEvent => ({
  type: 'RefundRequested',
  data: { refundId, amountCents, lines: [], reason: 'Chipped', requestedAt: at },
});
const refunded = (refundId: string, amountCents: number): OrderEvent => ({
  type: 'OrderRefunded',
  data: { refundId, amountCents, lines: [], reason: 'Chipped', squareRefundId: `sq-${refundId}` },
});
const ask = (refundId: string, extra: { amountCents?: number; lines?: Array<{ itemId: number; quantity: number; restock: boolean }> } = {}, squareRefundedCents = 0) => ({
  kind: 'RequestRefund' as const,
  refund: { refundId, reason: 'Chipped', lines: [], ...extra },
  at,
  squareRefundedCents,
});
const square = (refundId: string, status: 'PENDING' | 'COMPLETED' | 'FAILED' | 'REJECTED') => ({ kind: 'RecordSquareRefund' as const, refundId, squareRefundId: `sq-${refundId}`, status });
const pendingAtSquare = (refundId: string): OrderEvent => ({ type: 'RefundPending', data: { refundId, squareRefundId: `sq-${refundId}` } });
const failed = (refundId: string, code = 'REFUND_DECLINED', message = 'no'): OrderEvent => ({ type: 'RefundFailed', data: { refundId, code, message } });

describe('order decider: refunds', () => {
  it('refunds only a placed order', () => {
    spec
      .given(...placedOrder.slice(0, 3))
      .when(ask('r1'))
      .thenThrows('ORDER_NOT_REFUNDABLE', /not a placed order/);
    spec.given().when(ask('r1')).thenThrows('NOT_FOUND');
  });

  it('asks for everything left when no amount and no lines are given', () => {
    spec
      .given(...placedOrder)
      .when(ask('r1'))
      .then([requested('r1', 7000)]);
    spec
      .given(...placedOrder, requested('r1', 2000), refunded('r1', 2000))
      .when(ask('r2'))
      .then([requested('r2', 5000)]);
  });

  it("asks for the lines' value when lines are given without an amount, and records which lines were meant", () => {
    spec
      .given(...placedOrder)
      .when(
        ask('r1', {
          lines: [
            { itemId: 0, quantity: 1, restock: true },
            { itemId: 1, quantity: 1, restock: false },
          ],
        }),
      )
      .then([
        {
          type: 'RefundRequested',
          data: {
            refundId: 'r1',
            amountCents: 4000,
            lines: [
              { itemId: 0, productId: 7, quantity: 1, restock: true },
              { itemId: 1, productId: 9, quantity: 1, restock: false },
            ],
            reason: 'Chipped',
            requestedAt: at,
          },
        },
      ]);
  });

  it('never refunds more than is left, counting refunds still on their way', () => {
    spec
      .given(...placedOrder)
      .when(ask('r1', { amountCents: 7001 }))
      .thenThrows('REFUND_TOO_LARGE', /70\.00 left/);
    spec
      .given(...placedOrder, requested('r1', 5000))
      .when(ask('r2', { amountCents: 2001 }))
      .thenThrows('REFUND_TOO_LARGE');
    spec
      .given(...placedOrder, requested('r1', 7000), refunded('r1', 7000))
      .when(ask('r2', { amountCents: 1 }))
      .thenThrows('ORDER_FULLY_REFUNDED');
  });

  it('gives the amount back to refund when Square refused one', () => {
    spec
      .given(...placedOrder, requested('r1', 7000), { type: 'RefundFailed', data: { refundId: 'r1', code: 'REFUND_DECLINED', message: 'no' } })
      .when(ask('r2'))
      .then([requested('r2', 7000)]);
  });

  it('refuses unknown lines and more units than a line has left', () => {
    spec
      .given(...placedOrder)
      .when(ask('r1', { lines: [{ itemId: 2, quantity: 1, restock: false }] }))
      .thenThrows('REFUND_LINES_INVALID', /no line 2/);
    spec
      .given(...placedOrder)
      .when(ask('r1', { lines: [{ itemId: 1, quantity: 2, restock: false }] }))
      .thenThrows('REFUND_LINES_INVALID', /1 unit/);
  });

  it('treats a repeated request id as done', () => {
    spec
      .given(...placedOrder, requested('r1', 1000))
      .when(ask('r1', { amountCents: 1000 }))
      .thenNothing();
    spec
      .given(...placedOrder, requested('r1', 7000), refunded('r1', 7000))
      .when(ask('r1'))
      .thenNothing();
  });

  it("records Square's refund once, or its refusal once", () => {
    spec
      .given(...placedOrder, requested('r1', 7000))
      .when(square('r1', 'COMPLETED'))
      .then([refunded('r1', 7000)]);
    spec
      .given(...placedOrder, requested('r1', 7000), refunded('r1', 7000))
      .when(square('r1', 'COMPLETED'))
      .thenNothing();
    spec
      .given(...placedOrder, requested('r1', 7000))
      .when({ kind: 'RecordRefundFailure', refundId: 'r1', code: 'REFUND_DECLINED', message: 'no' })
      .then([{ type: 'RefundFailed', data: { refundId: 'r1', code: 'REFUND_DECLINED', message: 'no' } }]);
    spec
      .given(...placedOrder, requested('r1', 7000), refunded('r1', 7000))
      .when({ kind: 'RecordRefundFailure', refundId: 'r1', code: 'X', message: 'no' })
      .thenNothing();
    spec
      .given(...placedOrder)
      .when(square('r9', 'COMPLETED'))
      .thenThrows('NOT_FOUND');
  });

  it('records the refund email once, and only for a refund Square took', () => {
    spec
      .given(...placedOrder, requested('r1', 7000))
      .when({ kind: 'RecordRefundEmailSent', refundId: 'r1', messageId: 'm1' })
      .thenNothing();
    spec
      .given(...placedOrder, requested('r1', 7000), refunded('r1', 7000))
      .when({ kind: 'RecordRefundEmailSent', refundId: 'r1', messageId: 'm1' })
      .then([{ type: 'RefundEmailSent', data: { refundId: 'r1', messageId: 'm1' } }]);
    spec
      .given(...placedOrder, requested('r1', 7000), refunded('r1', 7000), { type: 'RefundEmailSent', data: { refundId: 'r1', messageId: 'm1' } })
      .when({ kind: 'RecordRefundEmailSent', refundId: 'r1', messageId: 'm2' })
      .thenNothing();
    spec
      .given(...placedOrder)
      .when({ kind: 'RecordRefundEmailSent', refundId: 'r9', messageId: 'm1' })
      .thenNothing();
  });

  it('still counts a refund once its email went', () => {
    const emailed: OrderEvent = { type: 'RefundEmailSent', data: { refundId: 'r1', messageId: 'm1' } };
    spec
      .given(...placedOrder, requested('r1', 5000), refunded('r1', 5000), emailed)
      .when(ask('r2'))
      .then([requested('r2', 2000)]);
  });

  it('counts what Square says it has refunded when that is more than the shop knows of', () => {
    spec
      .given(...placedOrder)
      .when(ask('r1', { amountCents: 5001 }, 2000))
      .thenThrows('REFUND_TOO_LARGE', /50\.00 left to refund \(Square has refunded 20\.00 of its payment\)/);
    spec
      .given(...placedOrder)
      .when(ask('r1', {}, 2000))
      .then([requested('r1', 5000)]);
    spec
      .given(...placedOrder)
      .when(ask('r1', { amountCents: 5000 }, 2000))
      .then([requested('r1', 5000)]);
    spec
      .given(...placedOrder)
      .when(ask('r1', {}, 7000))
      .thenThrows('ORDER_FULLY_REFUNDED', /Order DC-1001 is already fully refunded/);
    // The shop's own count wins when it is the larger (a pending refund Square has not heard of yet), and then Square is not named.
    spec
      .given(...placedOrder, requested('r1', 3000))
      .when(ask('r2', { amountCents: 4001 }, 3000))
      .thenThrows('REFUND_TOO_LARGE', /40\.00 left to refund, less than the 40\.01 asked/);
    spec
      .given(...placedOrder, requested('r1', 3000))
      .when(ask('r2', {}, 3000))
      .then([requested('r2', 4000)]);
  });

  it("records Square's PENDING once with its refund id, and settles the refund once when Square says how it ended", () => {
    spec
      .given(...placedOrder, requested('r1', 7000))
      .when(square('r1', 'PENDING'))
      .then([pendingAtSquare('r1')]);
    spec
      .given(...placedOrder, requested('r1', 7000), pendingAtSquare('r1'))
      .when(square('r1', 'PENDING'))
      .thenNothing();
    spec
      .given(...placedOrder, requested('r1', 7000), pendingAtSquare('r1'))
      .when(square('r1', 'COMPLETED'))
      .then([refunded('r1', 7000)]);
    spec
      .given(...placedOrder, requested('r1', 7000), pendingAtSquare('r1'))
      .when(square('r1', 'FAILED'))
      .then([failed('r1', 'REFUND_FAILED', 'Square could not give the money back to the card: its refund sq-r1 ended FAILED.')]);
    spec
      .given(...placedOrder, requested('r1', 7000))
      .when(square('r1', 'REJECTED'))
      .then([failed('r1', 'REFUND_REJECTED', 'Square could not give the money back to the card: its refund sq-r1 ended REJECTED.')]);
    for (const status of ['PENDING', 'COMPLETED', 'FAILED'] as const) {
      spec
        .given(...placedOrder, requested('r1', 7000), refunded('r1', 7000))
        .when(square('r1', status))
        .thenNothing();
      spec
        .given(...placedOrder, requested('r1', 7000), failed('r1'))
        .when(square('r1', status))
        .thenNothing();
    }
    spec
      .given(...placedOrder)
      .when(square('r9', 'PENDING'))
      .thenThrows('NOT_FOUND', /no refund r9/);
    spec
      .given(...placedOrder)
      .when({ kind: 'RecordRefundFailure', refundId: 'r9', code: 'X', message: 'no' })
      .thenThrows('NOT_FOUND', /no refund r9/);
  });

  it('keeps a refund Square holds PENDING counting against what is left, and frees it when it fails', () => {
    spec
      .given(...placedOrder, requested('r1', 5000), pendingAtSquare('r1'))
      .when(ask('r2', { amountCents: 2001 }))
      .thenThrows('REFUND_TOO_LARGE');
    spec
      .given(...placedOrder, requested('r1', 5000), pendingAtSquare('r1'), failed('r1', 'REFUND_FAILED'))
      .when(ask('r2'))
      .then([requested('r2', 7000)]);
    // Nor is it emailed about before it completes.
    spec
      .given(...placedOrder, requested('r1', 7000), pendingAtSquare('r1'))
      .when({ kind: 'RecordRefundEmailSent', refundId: 'r1', messageId: 'm1' })
      .thenNothing();
  });

  it('remembers why a refund failed, and the units of a failed refund can be refunded again', () => {
    const state = fold(orderDecider, [
      ...placedOrder,
      { type: 'RefundRequested', data: { refundId: 'r1', amountCents: 1000, lines: [{ itemId: 1, productId: 9, quantity: 1, restock: true }], reason: 'x', requestedAt: at } },
      failed('r1', 'REFUND_FAILED', 'it failed'),
    ]);
    expect(state.exists && state.refunds.r1).toMatchObject({ status: 'failed', failure: { code: 'REFUND_FAILED', message: 'it failed' } });
    const pinAsked: OrderEvent = {
      type: 'RefundRequested',
      data: { refundId: 'r1', amountCents: 1000, lines: [{ itemId: 1, productId: 9, quantity: 1, restock: true }], reason: 'x', requestedAt: at },
    };
    spec
      .given(...placedOrder, pinAsked)
      .when(ask('r2', { lines: [{ itemId: 1, quantity: 1, restock: false }] }))
      .thenThrows('REFUND_LINES_INVALID', /0 unit/);
    spec
      .given(...placedOrder, pinAsked, failed('r1'))
      .when(ask('r2', { lines: [{ itemId: 1, quantity: 1, restock: false }] }))
      .then([
        { type: 'RefundRequested', data: { refundId: 'r2', amountCents: 1000, lines: [{ itemId: 1, productId: 9, quantity: 1, restock: false }], reason: 'Chipped', requestedAt: at } },
      ]);
  });

  it('refuses a line named twice, no units, units already on their way back, and an amount below a cent, with the numbers in the refusal', () => {
    const named = [
      { itemId: 0, quantity: 1, restock: false },
      { itemId: 0, quantity: 1, restock: false },
    ];
    spec
      .given(...placedOrder)
      .when(ask('r1', { lines: named }))
      .thenThrows('REFUND_LINES_INVALID', /Line 0 is named twice in the refund/);
    spec
      .given(...placedOrder)
      .when(ask('r1', { lines: [{ itemId: 0, quantity: 0, restock: false }] }))
      .thenThrows('REFUND_LINES_INVALID', /2 unit\(s\) left to refund, not 0/);
    const oneHoodie: OrderEvent = {
      type: 'RefundRequested',
      data: { refundId: 'r1', amountCents: 3000, lines: [{ itemId: 0, productId: 7, quantity: 1, restock: true }], reason: 'x', requestedAt: at },
    };
    spec
      .given(...placedOrder, oneHoodie)
      .when(ask('r2', { lines: [{ itemId: 0, quantity: 2, restock: false }] }))
      .thenThrows('REFUND_LINES_INVALID', /1 unit\(s\) left to refund, not 2/);
    expect(refusal([...placedOrder, oneHoodie], ask('r2', { lines: [{ itemId: 0, quantity: 2, restock: false }] })).details).toEqual({ itemId: 0, unitsLeft: 1 });
    spec
      .given(...placedOrder)
      .when(ask('r1', { amountCents: 0 }))
      .thenThrows('INVALID', /at least \$0\.01/);
    spec
      .given(...placedOrder)
      .when(ask('r1', { amountCents: 1.5 }))
      .thenThrows('INVALID', /at least \$0\.01/);
    spec
      .given(...placedOrder)
      .when(ask('r1', { amountCents: 1 }))
      .then([requested('r1', 1)]);
    expect(refusal(placedOrder, ask('r1', { amountCents: 7001 }))).toMatchObject({
      message: 'Order DC-1001 has 70.00 left to refund, less than the 70.01 asked.',
      details: { refundable: '70.00' },
    });
  });

  it('keeps an order whose refund is still pending fulfillable: only money Square gave back makes it fully refunded', () => {
    spec
      .given(...placedOrder, requested('r1', 7000), pendingAtSquare('r1'))
      .when({ kind: 'RecordFulfillmentStep', step: 'ready-for-pickup' })
      .then([{ type: 'OrderReadyForPickup', data: { note: null } }]);
    spec
      .given(...placedOrder, requested('r1', 7000), refunded('r1', 7000))
      .when({ kind: 'RecordFulfillmentStep', step: 'ready-for-pickup' })
      .thenThrows('FULFILMENT_STEP_REFUSED', /fully refunded/);
  });

  it('tells the order page what is left to refund, pending refunds counted and failed ones not', () => {
    const left = (...events: OrderEvent[]) => {
      const state = fold(orderDecider, [...placedOrder, ...events]);
      return state.exists ? refundableCents(state) : undefined;
    };
    expect(left()).toBe(7000);
    expect(left(requested('r1', 2000))).toBe(5000);
    expect(left(requested('r1', 2000), refunded('r1', 2000), requested('r2', 500), failed('r2'))).toBe(5000);
  });

  describe('a discounted order', () => {
    // DARKCIRCLE10 on two skull patches at 9.00 and a tee at 32.99: 5.10 off, 45.89 paid.
    const discounted: OrderEvent[] = [
      {
        type: 'CheckoutOpened',
        data: {
          ...terms,
          lines: [
            { productId: 3, name: 'Skull Patch', quantity: 2, unitPriceCents: 900 },
            { productId: 4, name: 'Bat Tee', quantity: 1, unitPriceCents: 3299 },
          ],
          subtotalCents: 5099,
          discountCents: 510,
          totalCents: 4589,
          discountCode: 'DARKCIRCLE10',
        },
      },
      ...placedOrder.slice(1),
    ];
    const lineAsked = (refundId: string, amountCents: number, lines: Array<{ itemId: number; productId: number; quantity: number; restock: boolean }>): OrderEvent => ({
      type: 'RefundRequested',
      data: { refundId, amountCents, lines, reason: 'Chipped', requestedAt: at },
    });

    it('refunds a line for what was paid for it, its share of the discount taken off', () => {
      spec
        .given(...discounted)
        .when(ask('r1', { lines: [{ itemId: 0, quantity: 1, restock: true }] }))
        .then([lineAsked('r1', 810, [{ itemId: 0, productId: 3, quantity: 1, restock: true }])]);
      spec
        .given(...discounted)
        .when(ask('r1', { lines: [{ itemId: 1, quantity: 1, restock: false }] }))
        .then([lineAsked('r1', 2969, [{ itemId: 1, productId: 4, quantity: 1, restock: false }])]);
      // After one patch, the other and the tee: exactly what is left.
      spec
        .given(...discounted, lineAsked('r1', 810, [{ itemId: 0, productId: 3, quantity: 1, restock: true }]))
        .when(
          ask('r2', {
            lines: [
              { itemId: 0, quantity: 1, restock: false },
              { itemId: 1, quantity: 1, restock: false },
            ],
          }),
        )
        .then([
          lineAsked('r2', 3779, [
            { itemId: 0, productId: 3, quantity: 1, restock: false },
            { itemId: 1, productId: 4, quantity: 1, restock: false },
          ]),
        ]);
    });

    it('tells the order page what each line was paid, and what refunding 1, 2, … of its units left gives back', () => {
      const state = fold(orderDecider, discounted);
      if (!state.exists) throw new Error('no order');
      expect(linePaidCents(state)).toEqual([1620, 2969]);
      expect(lineRefundValues(state, 0)).toEqual([810, 1620]);
      expect(lineRefundValues(state, 1)).toEqual([2969]);
      const after = fold(orderDecider, [...discounted, lineAsked('r1', 810, [{ itemId: 0, productId: 3, quantity: 1, restock: true }])]);
      if (!after.exists) throw new Error('no order');
      expect(lineRefundValues(after, 0)).toEqual([810]);
    });
  });
});

/** The refusal a command meets, to read its details. */
function refusal(given: OrderEvent[], command: Parameters<typeof orderDecider.decide>[0]): DomainError {
  try {
    orderDecider.decide(command, fold(orderDecider, given));
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the command was not refused');
}
