import { orderDecider } from '../../src/orders/order.decider';
import { orderStream } from '../../src/orders/order.events';
import { OrderStatusLinks } from '../../src/orders/order-status-links';
import { systemContext } from '../../src/platform/context/request-context';
import { CommandRunner } from '../../src/platform/event-store/command-runner';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { AdminClient } from '../support/admin-client';
import { placeOrder } from '../support/placed-order';
import { sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** The studio's order list (search, status, pages) and one order's page with its timeline. */
let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(() => t?.close());

const run = (orderId: string, command: Parameters<typeof orderDecider.decide>[0]) => t.app.get(CommandRunner).run(orderDecider, orderStream(orderId), command, systemContext());
const ids = (page: { orders: { id: string }[] }) => page.orders.map((o) => o.id);

describe('the order list', () => {
  let raven: { orderId: string; orderNumber: string };
  let moth: { orderId: string; orderNumber: string };
  let shipped: { orderId: string; orderNumber: string };
  let refunded: { orderId: string; orderNumber: string };
  let unplaced: string;

  beforeAll(async () => {
    raven = await placeOrder(t, 'pickup', { customer: { name: 'Raven Crowley', email: 'raven@crypt.example' } });
    moth = await placeOrder(t, 'pickup', { customer: { name: 'Moth Mothersbaugh', email: 'moth@example.com' } });
    shipped = await placeOrder(t, 'shipping', { customer: { name: 'Wednesday Adams', email: 'wed@example.com' } });
    refunded = await placeOrder(t, 'shipping', { customer: { name: 'Lydia Deetz', email: 'lydia@example.com' } });
    await run(moth.orderId, { kind: 'RecordFulfillmentStep', step: 'ready-for-pickup', note: 'Friday' });
    await run(shipped.orderId, { kind: 'RecordFulfillmentStep', step: 'shipped', carrier: 'UPS', trackingNumber: '1Z1' });
    await run(refunded.orderId, {
      kind: 'RequestRefund',
      refund: { refundId: '00000000-0000-4000-8000-00000000000a', amountCents: 500, lines: [], reason: 'Late' },
      at: new Date().toISOString(),
    });
    await run(refunded.orderId, { kind: 'RecordSquareRefund', refundId: '00000000-0000-4000-8000-00000000000a', squareRefundId: 'sq-1', status: 'COMPLETED' });
    // A checkout that never got paid is no order of the studio's.
    unplaced = (await placeOrder(t, 'pickup')).orderId;
    await sql(t, `update orders set status = 'charging' where id = ?`, [unplaced]);
  });

  it('lists placed orders newest first, a page at a time', async () => {
    const all = await admin.get('/api/admin/orders');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 4, page: 1, pageSize: 20 });
    expect(ids(all.body)).toEqual([refunded.orderId, shipped.orderId, moth.orderId, raven.orderId]);
    const second = await admin.get('/api/admin/orders?page=2&pageSize=3');
    expect(second.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(ids(second.body)).toEqual([raven.orderId]);
    expect((await admin.get('/api/admin/orders?page=3&pageSize=3')).body).toMatchObject({ orders: [], total: 4 });
  });

  it('finds orders by a piece of the number, name or email, in any case', async () => {
    expect(ids((await admin.get('/api/admin/orders?search=RAVEN')).body)).toEqual([raven.orderId]);
    expect(ids((await admin.get('/api/admin/orders?search=crypt.EXAMPLE')).body)).toEqual([raven.orderId]);
    expect(ids((await admin.get(`/api/admin/orders?search=${moth.orderNumber.slice(3).toLowerCase()}`)).body)).toEqual([moth.orderId]);
    expect(ids((await admin.get('/api/admin/orders?search=adams')).body)).toEqual([shipped.orderId]);
    // LIKE's wildcards are searched for as themselves.
    expect((await admin.get('/api/admin/orders?search=%25')).body.total).toBe(0);
    expect((await admin.get('/api/admin/orders?search=_')).body.total).toBe(0);
  });

  it('filters by where fulfilment stands, or refunded', async () => {
    const byStatus = async (status: string) => ids((await admin.get(`/api/admin/orders?status=${status}`)).body);
    expect(await byStatus('unfulfilled')).toEqual([refunded.orderId, raven.orderId]);
    expect(await byStatus('ready-for-pickup')).toEqual([moth.orderId]);
    expect(await byStatus('shipped')).toEqual([shipped.orderId]);
    expect(await byStatus('picked-up')).toEqual([]);
    expect(await byStatus('refunded')).toEqual([refunded.orderId]);
    expect(ids((await admin.get('/api/admin/orders?status=unfulfilled&search=lydia')).body)).toEqual([refunded.orderId]);
  });

  it('refuses a bad filter or page with a 400 naming it', async () => {
    for (const [query, message] of [
      ['status=lost', /status must be one of unfulfilled, ready-for-pickup, shipped, picked-up, refunded/],
      ['page=0', /page must be a whole number from 1/],
      ['page=x', /page must be a whole number from 1/],
      ['pageSize=101', /pageSize must be a whole number from 1 to 100/],
      ['pageSize=2.5', /pageSize/],
      [`search=${'a'.repeat(101)}`, /search must be at most 100/],
    ] as const) {
      const refused = await admin.get(`/api/admin/orders?${query}`);
      expect({ query, status: refused.status }).toEqual({ query, status: 400 });
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(message) });
    }
  });
});

describe("one order's page", () => {
  it('shows the items, the card, the refunds, the status link, the steps open now and the timeline in words', async () => {
    const { orderId, orderNumber } = await placeOrder(t, 'shipping');
    // The confirmation's job records its email: wait for it so the timeline has it in place.
    const deadline = Date.now() + 30_000;
    while (!(await sql(t, `select 1 from events where stream_id = ? and type = 'OrderConfirmationSent'`, [`order-${orderId}`])).length) {
      if (Date.now() > deadline) throw new Error('no confirmation');
      await t.app.get(OutboxRelay).tick();
      await new Promise((r) => setTimeout(r, 100));
    }
    const [taken, refused] = ['00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2'];
    await run(orderId, { kind: 'RequestRefund', refund: { refundId: taken, lines: [{ itemId: 0, quantity: 1, restock: true }], reason: 'Chipped' }, at: new Date().toISOString() });
    await run(orderId, { kind: 'RecordSquareRefund', refundId: taken, squareRefundId: 'sq-taken', status: 'COMPLETED' });
    await run(orderId, { kind: 'RequestRefund', refund: { refundId: refused, amountCents: 300, lines: [], reason: 'Late' }, at: new Date().toISOString() });
    await run(orderId, { kind: 'RecordRefundFailure', refundId: refused, code: 'REFUND_DECLINED', message: 'The card is closed' });

    const before = await admin.get(`/api/admin/orders/${orderId}`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      id: orderId,
      orderNumber,
      fulfilment: 'unfulfilled',
      nextSteps: ['shipped'],
      card: { brand: 'Visa', last4: '1111' },
      statusUrl: t.app.get(OrderStatusLinks).urlFor(orderId),
      refunded: '12.00',
      refundStatus: 'partly-refunded',
      refundable: '17.00',
      items: [{ itemId: 0, productId: 1, name: 'Sandworm Patch', quantity: 2, price: '12.00', imageUrl: null, refundedQuantity: 1 }],
      refunds: [
        { refundId: taken, amount: '12.00', reason: 'Chipped', status: 'refunded', squareRefundId: 'sq-taken', lines: [{ itemId: 0, quantity: 1, restock: true }] },
        { refundId: refused, amount: '3.00', reason: 'Late', status: 'failed', squareRefundId: null, lines: [] },
      ],
    });

    const after = await admin.post(`/api/admin/orders/${orderId}/fulfilment`, { step: 'shipped', carrier: 'USPS', trackingNumber: '9400 1000', note: 'Second parcel follows' });
    expect(after.body.nextSteps).toEqual([]);
    const titles = after.body.timeline.map((e: { title: string }) => e.title);
    expect(titles).toEqual([
      'Checkout opened for $29.00',
      'Card charge asked of Square',
      'Paid $29.00 by Visa •••• 1111',
      `Order ${orderNumber} placed`,
      'Confirmation emailed',
      'Refund of $12.00 asked: Chipped',
      'Refunded $12.00',
      'Refund of $3.00 asked: Late',
      'Refund failed, nothing given back: The card is closed',
      'Shipped with USPS, tracking 9400 1000',
    ]);
    expect(after.body.timeline.at(-1)).toMatchObject({ event: 'OrderShipped', detail: 'Second parcel follows' });
    const times = after.body.timeline.map((e: { at: string }) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('answers 404 for an order that does not exist, 400 for an id that is no UUID', async () => {
    const missing = await admin.get('/api/admin/orders/00000000-0000-4000-8000-000000000000');
    expect(missing).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await admin.get('/api/admin/orders/not-a-uuid')).status).toBe(400);
  });
});
