import { CheckoutReconciler } from '../../src/checkout';
import type { OrderRefunded } from '../../src/checkout/order.events';
import type { RecordedEvent } from '../../src/platform/event-store/recorded-event';
import { OrderRefunds } from '../../src/checkout/order-refunds';
import { RefundEmailJob } from '../../src/checkout/refund-email.job';
import { RefundRestockJob } from '../../src/checkout/refund-restock.job';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { sentMail } from '../support/mailbox';
import { systemContext } from '../../src/platform/context/request-context';
import { AdminClient } from '../support/admin-client';
import { addProduct, paidCheckout, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** Refunds through Square, from the admin API to the emulator and back onto the order stream. */
let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(() => t?.close());
afterEach(() => {
  t.square.faults.clear();
  jest.restoreAllMocks();
});

/** A real checkout: two hoodies at 30.00 and a pin at 10.00, picked up (70.00 in all), paid in the emulator. */
async function paidOrder(): Promise<{ orderId: string; paymentId: string; hoodie: number; pin: number }> {
  const hoodie = await addProduct(t, { name: `Raven Hoodie ${Math.random()}`, priceCents: 3000, stockQuantity: 5 });
  const pin = await addProduct(t, { name: `Moth Pin ${Math.random()}`, priceCents: 1000, stockQuantity: 5 });
  const { orderId, paymentId } = await paidCheckout(t, { [hoodie]: 2, [pin]: 1 }, 7000);
  return { orderId, paymentId, hoodie, pin };
}
const refundsOf = (paymentId: string) => t.square.refunds().filter((r) => r.payment_id === paymentId);
const eventsOf = async (orderId: string) =>
  (await sql<{ type: string }>(t, "select type from events where stream_id = ? and type in ('RefundRequested', 'OrderRefunded', 'RefundFailed') order by version", [`order-${orderId}`])).map((e) => e.type);
const orderRow = async (orderId: string) =>
  (await sql<{ refunded_cents: number; refund_status: string | null; refunds_pending: number }>(t, 'select refunded_cents, refund_status, refunds_pending from orders where id = ?', [orderId]))[0]!;

describe('refunds through Square', () => {
  it('refunds part of an order, then the rest; a fully refunded order is refused', async () => {
    const { orderId, paymentId } = await paidOrder();
    const partial = await admin.post(`/api/admin/orders/${orderId}/refunds`, { amount: '12.50', reason: 'Chipped in the post' });
    expect(partial.status).toBe(201);
    expect(partial.body.order).toMatchObject({ refunded: '12.50', refundStatus: 'partly-refunded', refundsPending: 0 });
    expect(refundsOf(paymentId).map((r) => [Number(r.amount_money.amount), r.reason])).toEqual([[1250, 'Chipped in the post']]);
    expect(partial.body.squareRefundId).toBe(refundsOf(paymentId)[0]!.id);

    const rest = await admin.post(`/api/admin/orders/${orderId}/refunds`, { reason: 'Cancelled' });
    expect(rest.status).toBe(201);
    expect(rest.body.order).toMatchObject({ refunded: '70.00', refundStatus: 'refunded' });
    expect(refundsOf(paymentId).map((r) => Number(r.amount_money.amount))).toEqual([1250, 5750]);
    const payment = t.square.payments().find((p) => p.id === paymentId)!;
    expect(payment.refunded_money).toEqual({ amount: 7000, currency: 'USD' });

    const again = await admin.post(`/api/admin/orders/${orderId}/refunds`, { amount: '1.00', reason: 'Once more' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ORDER_FULLY_REFUNDED', message: expect.stringContaining('fully refunded') });
    expect(refundsOf(paymentId)).toHaveLength(2);
    expect(await eventsOf(orderId)).toEqual(['RefundRequested', 'OrderRefunded', 'RefundRequested', 'OrderRefunded']);
  });

  it('refuses more than is left and changes nothing', async () => {
    const { orderId, paymentId } = await paidOrder();
    const over = await admin.post(`/api/admin/orders/${orderId}/refunds`, { amount: '70.01', reason: 'Too much' });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'REFUND_TOO_LARGE', details: { refundable: '70.00' } });
    expect(refundsOf(paymentId)).toHaveLength(0);
    expect(await eventsOf(orderId)).toEqual([]);
    expect(await orderRow(orderId)).toEqual({ refunded_cents: 0, refund_status: null, refunds_pending: 0 });
  });

  it("refunds lines by their value and records which were meant", async () => {
    const { orderId, paymentId } = await paidOrder();
    const answer = await admin.post(`/api/admin/orders/${orderId}/refunds`, { lines: [{ itemId: 0, quantity: 1, restock: false }], reason: 'One hoodie back' });
    expect(answer.status).toBe(201);
    expect(answer.body.order).toMatchObject({ refunded: '30.00', refundStatus: 'partly-refunded' });
    expect(refundsOf(paymentId).map((r) => Number(r.amount_money.amount))).toEqual([3000]);
    const [refunded] = await sql<{ data: { lines: unknown[]; amountCents: number } }>(t, "select data from events where stream_id = ? and type = 'OrderRefunded'", [`order-${orderId}`]);
    expect(refunded!.data).toMatchObject({ amountCents: 3000, lines: [{ itemId: 0, quantity: 1, restock: false }] });
    const tooMany = await admin.post(`/api/admin/orders/${orderId}/refunds`, { lines: [{ itemId: 0, quantity: 2, restock: false }], reason: 'Both' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('REFUND_LINES_INVALID');
  });

  it('leaves the order as it was when Square fails, with a clear error', async () => {
    const { orderId, paymentId } = await paidOrder();
    t.square.faults.next('RefundPayment', { kind: 'unavailable' }, 3);
    const failed = await admin.post(`/api/admin/orders/${orderId}/refunds`, { amount: '10.00', reason: 'Square is down' });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ code: 'REFUND_FAILED', message: expect.stringContaining('nothing was refunded') });
    expect(refundsOf(paymentId)).toHaveLength(0);
    expect(await orderRow(orderId)).toEqual({ refunded_cents: 0, refund_status: null, refunds_pending: 0 });
    // The whole amount can still be refunded.
    const later = await admin.post(`/api/admin/orders/${orderId}/refunds`, { reason: 'Square is back' });
    expect(later.status).toBe(201);
    expect(later.body.order.refunded).toBe('70.00');
  });

  it('finishes a refund whose answer was lost with the reconciliation job, one refund in Square', async () => {
    const { orderId, paymentId } = await paidOrder();
    // Square makes the refund, then the connection is cut before its answer arrives.
    t.square.faults.next('RefundPayment', { kind: 'drop' });
    const lost = await admin.post(`/api/admin/orders/${orderId}/refunds`, { amount: '20.00', reason: 'Lost answer' });
    expect(lost.status).toBe(502);
    expect(lost.body.code).toBe('REFUND_UNCONFIRMED');
    expect(refundsOf(paymentId)).toHaveLength(1);
    expect(await orderRow(orderId)).toMatchObject({ refunded_cents: 0, refunds_pending: 1 });
    // What is pending counts: no second refund of the same money can be asked meanwhile.
    expect((await admin.post(`/api/admin/orders/${orderId}/refunds`, { amount: '50.01', reason: 'Too much' })).status).toBe(409);

    const result = await t.app.get(CheckoutReconciler).reconcile(systemContext(), 0);
    expect(result.failed).toBe(0);
    expect(refundsOf(paymentId)).toHaveLength(1);
    expect(await orderRow(orderId)).toEqual({ refunded_cents: 2000, refund_status: 'partly-refunded', refunds_pending: 0 });
    const [refunded] = await sql<{ data: { squareRefundId: string } }>(t, "select data from events where stream_id = ? and type = 'OrderRefunded'", [`order-${orderId}`]);
    expect(refunded!.data.squareRefundId).toBe(refundsOf(paymentId)[0]!.id);
    // A second pass finds nothing left to do.
    await t.app.get(CheckoutReconciler).reconcile(systemContext(), 0);
    expect(await eventsOf(orderId)).toEqual(['RefundRequested', 'OrderRefunded']);
  });

  it('finishes a refund interrupted before Square was asked, once', async () => {
    const { orderId, paymentId } = await paidOrder();
    // The process dies right after recording the request: Square never heard of it.
    const refunds = t.app.get(OrderRefunds);
    jest.spyOn(refunds as unknown as { send: () => Promise<unknown> }, 'send').mockRejectedValueOnce(new Error('killed'));
    expect((await admin.post(`/api/admin/orders/${orderId}/refunds`, { amount: '5.00', reason: 'Crash' })).status).toBe(500);
    expect(refundsOf(paymentId)).toHaveLength(0);
    await t.app.get(CheckoutReconciler).reconcile(systemContext(), 0);
    expect(refundsOf(paymentId).map((r) => Number(r.amount_money.amount))).toEqual([500]);
    expect(await orderRow(orderId)).toEqual({ refunded_cents: 500, refund_status: 'partly-refunded', refunds_pending: 0 });
  });

  it('is for admins only and checks its input', async () => {
    const { orderId } = await paidOrder();
    expect((await AdminClient.anonymous(t.baseUrl).post(`/api/admin/orders/${orderId}/refunds`, { reason: 'x' })).status).toBe(401);
    for (const body of [{}, { reason: '' }, { amount: '-1', reason: 'x' }, { amount: '1.234', reason: 'x' }, { amount: 12, reason: 'x' }, { lines: [{ itemId: 'a', quantity: 1, restock: true }], reason: 'x' }]) {
      const answer = await admin.post(`/api/admin/orders/${orderId}/refunds`, body);
      expect([answer.status, answer.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await admin.post('/api/admin/orders/00000000-0000-4000-8000-000000000000/refunds', { reason: 'x' })).status).toBe(404);
  });

  it('emails the shopper once per refund', async () => {
    const { orderId } = await paidOrder();
    const { body } = await admin.post(`/api/admin/orders/${orderId}/refunds`, { amount: '7.25', reason: 'Late' });
    const refundMails = async () => (await sentMail(t.dataDir)).filter((m) => m.subject.startsWith('Your refund') && m.raw.includes(body.order.orderNumber));
    const deadline = Date.now() + 30_000;
    while ((await refundMails()).length === 0 && Date.now() < deadline) {
      await t.app.get(OutboxRelay).tick();
      await new Promise((r) => setTimeout(r, 200));
    }
    const [mail] = await refundMails();
    expect(mail).toMatchObject({ to: 'mina@example.com' });
    expect(mail!.raw).toContain('$7.25');
    const sentEvents = async () => (await sql(t, "select 1 from events where stream_id = ? and type = 'RefundEmailSent'", [`order-${orderId}`])).length;
    while ((await sentEvents()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await sentEvents()).toBe(1);
    // A repeated job (a retry, a second delivery) finds it recorded and sends nothing.
    expect(await t.app.get(RefundEmailJob).send(orderId, body.refundId, systemContext())).toBe('already-sent');
    expect(await refundMails()).toHaveLength(1);
  });

  it('puts the lines marked restock back in stock, once', async () => {
    const { orderId, hoodie, pin } = await paidOrder();
    const stockOf = async (id: number) => ((await t.http.get(`/api/products/${id}`).expect(200)).body as { stockQuantity: number }).stockQuantity;
    expect([await stockOf(hoodie), await stockOf(pin)]).toEqual([3, 4]);
    const answer = await admin.post(`/api/admin/orders/${orderId}/refunds`, {
      lines: [
        { itemId: 0, quantity: 2, restock: true },
        { itemId: 1, quantity: 1, restock: false },
      ],
      reason: 'Returned unworn',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.order).toMatchObject({ refunded: '70.00', refundStatus: 'refunded' });
    const deadline = Date.now() + 30_000;
    while ((await stockOf(hoodie)) !== 5 && Date.now() < deadline) {
      await t.app.get(OutboxRelay).tick();
      await new Promise((r) => setTimeout(r, 200));
    }
    expect([await stockOf(hoodie), await stockOf(pin)]).toEqual([5, 4]);
    // A repeated job finds the units back already.
    const [refunded] = await sql<{ data: OrderRefunded['data'] }>(t, "select data from events where stream_id = ? and type = 'OrderRefunded'", [`order-${orderId}`]);
    await t.app.get(RefundRestockJob).restock({ type: 'OrderRefunded', streamId: `order-${orderId}`, data: refunded!.data } as RecordedEvent<OrderRefunded>, systemContext());
    expect(await stockOf(hoodie)).toBe(5);
    expect((await sql(t, "select 1 from events where stream_id = ? and type = 'StockRestocked'", [`product-${hoodie}`])).length).toBe(1);
  });
});
