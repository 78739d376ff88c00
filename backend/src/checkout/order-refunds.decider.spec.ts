import { deciderSpec } from '../../test/support/decider-spec';
import { orderDecider } from './order.decider';
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
const refunded = (refundId: string, amountCents: number): OrderEvent => ({ type: 'OrderRefunded', data: { refundId, amountCents, lines: [], reason: 'Chipped', squareRefundId: `sq-${refundId}` } });
const ask = (refundId: string, extra: { amountCents?: number; lines?: Array<{ itemId: number; quantity: number; restock: boolean }> } = {}) => ({
  kind: 'RequestRefund' as const,
  refund: { refundId, reason: 'Chipped', lines: [], ...extra },
  at,
});

describe('order decider: refunds', () => {
  it('refunds only a placed order', () => {
    spec.given(...placedOrder.slice(0, 3)).when(ask('r1')).thenThrows('ORDER_NOT_REFUNDABLE', /not a placed order/);
    spec.given().when(ask('r1')).thenThrows('NOT_FOUND');
  });

  it('asks for everything left when no amount and no lines are given', () => {
    spec.given(...placedOrder).when(ask('r1')).then([requested('r1', 7000)]);
    spec.given(...placedOrder, requested('r1', 2000), refunded('r1', 2000)).when(ask('r2')).then([requested('r2', 5000)]);
  });

  it("asks for the lines' value when lines are given without an amount, and records which lines were meant", () => {
    spec
      .given(...placedOrder)
      .when(ask('r1', { lines: [{ itemId: 0, quantity: 1, restock: true }, { itemId: 1, quantity: 1, restock: false }] }))
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
    spec.given(...placedOrder).when(ask('r1', { amountCents: 7001 })).thenThrows('REFUND_TOO_LARGE', /70\.00 left/);
    spec.given(...placedOrder, requested('r1', 5000)).when(ask('r2', { amountCents: 2001 })).thenThrows('REFUND_TOO_LARGE');
    spec.given(...placedOrder, requested('r1', 7000), refunded('r1', 7000)).when(ask('r2', { amountCents: 1 })).thenThrows('ORDER_FULLY_REFUNDED');
  });

  it('gives the amount back to refund when Square refused one', () => {
    spec
      .given(...placedOrder, requested('r1', 7000), { type: 'RefundFailed', data: { refundId: 'r1', code: 'REFUND_DECLINED', message: 'no' } })
      .when(ask('r2'))
      .then([requested('r2', 7000)]);
  });

  it('refuses unknown lines and more units than a line has left', () => {
    spec.given(...placedOrder).when(ask('r1', { lines: [{ itemId: 2, quantity: 1, restock: false }] })).thenThrows('REFUND_LINES_INVALID', /no line 2/);
    spec.given(...placedOrder).when(ask('r1', { lines: [{ itemId: 1, quantity: 2, restock: false }] })).thenThrows('REFUND_LINES_INVALID', /1 unit/);
  });

  it('treats a repeated request id as done', () => {
    spec.given(...placedOrder, requested('r1', 1000)).when(ask('r1', { amountCents: 1000 })).thenNothing();
    spec.given(...placedOrder, requested('r1', 7000), refunded('r1', 7000)).when(ask('r1')).thenNothing();
  });

  it("records Square's refund once, or its refusal once", () => {
    spec.given(...placedOrder, requested('r1', 7000)).when({ kind: 'RecordRefund', refundId: 'r1', squareRefundId: 'sq-r1' }).then([refunded('r1', 7000)]);
    spec.given(...placedOrder, requested('r1', 7000), refunded('r1', 7000)).when({ kind: 'RecordRefund', refundId: 'r1', squareRefundId: 'sq-r1' }).thenNothing();
    spec
      .given(...placedOrder, requested('r1', 7000))
      .when({ kind: 'RecordRefundFailure', refundId: 'r1', code: 'REFUND_DECLINED', message: 'no' })
      .then([{ type: 'RefundFailed', data: { refundId: 'r1', code: 'REFUND_DECLINED', message: 'no' } }]);
    spec.given(...placedOrder, requested('r1', 7000), refunded('r1', 7000)).when({ kind: 'RecordRefundFailure', refundId: 'r1', code: 'X', message: 'no' }).thenNothing();
    spec.given(...placedOrder).when({ kind: 'RecordRefund', refundId: 'r9', squareRefundId: 'sq' }).thenThrows('NOT_FOUND');
  });

  it('records the refund email once, and only for a refund Square took', () => {
    spec.given(...placedOrder, requested('r1', 7000)).when({ kind: 'RecordRefundEmailSent', refundId: 'r1', messageId: 'm1' }).thenNothing();
    spec.given(...placedOrder, requested('r1', 7000), refunded('r1', 7000)).when({ kind: 'RecordRefundEmailSent', refundId: 'r1', messageId: 'm1' }).then([{ type: 'RefundEmailSent', data: { refundId: 'r1', messageId: 'm1' } }]);
    spec
      .given(...placedOrder, requested('r1', 7000), refunded('r1', 7000), { type: 'RefundEmailSent', data: { refundId: 'r1', messageId: 'm1' } })
      .when({ kind: 'RecordRefundEmailSent', refundId: 'r1', messageId: 'm2' })
      .thenNothing();
  });
});
