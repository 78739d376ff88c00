import { randomUUID } from 'node:crypto';
import { orderDecider } from '../../src/orders/order.decider';
import { orderStream } from '../../src/orders/order.events';
import { OrderStatusLinks } from '../../src/orders/order-status-links';
import { systemContext } from '../../src/platform/context/request-context';
import { CommandRunner } from '../../src/platform/event-store/command-runner';
import { AdminClient } from '../support/admin-client';
import { placeOrder } from '../support/placed-order';
import { startTestApp, TestApp } from '../support/test-app';

/** The shopper's status page by the signed link in their emails: the order, without what a stranger holding the link should not see. */
let t: TestApp;
let links: OrderStatusLinks;
beforeAll(async () => {
  t = await startTestApp();
  links = t.app.get(OrderStatusLinks);
});
afterAll(() => t?.close());

const run = (orderId: string, command: Parameters<typeof orderDecider.decide>[0]) => t.app.get(CommandRunner).run(orderDecider, orderStream(orderId), command, systemContext());

it("shows the order's items, totals, tracking and steps, never the street address or the whole email", async () => {
  const { orderId, orderNumber } = await placeOrder(t, 'shipping', { customer: { name: 'Lydia Deetz', email: 'lydia.deetz@example.com' } });
  await run(orderId, {
    kind: 'RequestRefund',
    refund: { refundId: '00000000-0000-4000-8000-0000000000d1', amountCents: 500, lines: [], reason: 'Studio mistake on the invoice' },
    at: new Date().toISOString(),
  });
  await run(orderId, { kind: 'RecordSquareRefund', refundId: '00000000-0000-4000-8000-0000000000d1', squareRefundId: 'sq-d1', status: 'COMPLETED' });
  const admin = await AdminClient.signIn(t.baseUrl);
  await admin.post(`/api/admin/orders/${orderId}/fulfilment`, { step: 'shipped', carrier: 'FedEx', trackingNumber: '7712 3456' });

  const answer = await t.http.get(`/api/order-status/${links.tokenFor(orderId)}`).expect(200);
  expect(answer.body).toMatchObject({
    orderNumber,
    firstName: 'Lydia',
    email: 'l•••@example.com',
    fulfillmentMethod: 'shipping',
    fulfilment: 'shipped',
    items: [{ name: 'Sandworm Patch', quantity: 2, price: '12.00', imageUrl: null }],
    subtotal: '24.00',
    shipping: '5.00',
    discount: '0.00',
    total: '29.00',
    refunded: '5.00',
    carrier: 'FedEx',
    trackingNumber: '7712 3456',
    trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=77123456',
    pickupNote: null,
  });
  expect(answer.body.timeline.map((e: { step: string; title: string }) => [e.step, e.title])).toEqual([
    ['paid', 'Paid'],
    ['refunded', 'Refunded $5.00'],
    ['shipped', 'Shipped with FedEx, tracking 7712 3456'],
  ]);
  const text = JSON.stringify(answer.body);
  for (const hidden of ['1 Winter River Rd', 'Peaceful Pines', '06001', 'lydia.deetz', 'Deetz', 'Studio mistake', 'pay-', 'sq-d1']) expect(text).not.toContain(hidden);
  expect(answer.headers['cache-control']).toBe('no-store');
});

it('shows a pickup order with its pickup note', async () => {
  const { orderId } = await placeOrder(t, 'pickup', { customer: { name: 'Wednesday', email: 'w@example.com' } });
  await run(orderId, { kind: 'RecordFulfillmentStep', step: 'ready-for-pickup', note: 'Friday after 4pm' });
  const { body } = await t.http.get(`/api/order-status/${links.tokenFor(orderId)}`).expect(200);
  expect(body).toMatchObject({ firstName: 'Wednesday', email: 'w•••@example.com', fulfilment: 'ready-for-pickup', pickupNote: 'Friday after 4pm', carrier: null });
  expect(body.timeline.map((e: { step: string }) => e.step)).toEqual(['paid', 'ready-for-pickup']);
});

it('tells a fully refunded pickup order nothing about coming to collect it', async () => {
  const { orderId } = await placeOrder(t, 'pickup', { customer: { name: 'Wednesday', email: 'w@example.com' } });
  await run(orderId, { kind: 'RecordFulfillmentStep', step: 'ready-for-pickup', note: 'Ring the bell at the studio door' });
  const before = (await t.http.get(`/api/order-status/${links.tokenFor(orderId)}`).expect(200)).body;
  expect(before.pickupNote).toBe('Ring the bell at the studio door');
  const refundId = '00000000-0000-4000-8000-0000000000e1';
  await run(orderId, { kind: 'RequestRefund', refund: { refundId, amountCents: 2400, lines: [], reason: 'Changed their mind' }, at: new Date().toISOString() });
  await run(orderId, { kind: 'RecordSquareRefund', refundId, squareRefundId: 'sq-e1', status: 'COMPLETED' });

  const { body } = await t.http.get(`/api/order-status/${links.tokenFor(orderId)}`).expect(200);
  expect(body).toMatchObject({ total: '24.00', refunded: '24.00', pickupNote: null });
  expect(body.timeline.map((e: { step: string; detail: string | null }) => [e.step, e.step === 'paid' ? 'paid' : e.detail])).toEqual([
    ['paid', 'paid'],
    ['ready-for-pickup', null],
    ['refunded', null],
  ]);
  expect(JSON.stringify(body)).not.toContain('Ring the bell');
});

it('answers a tampered link, an unknown order and an unpaid checkout with the same 404', async () => {
  const { orderId } = await placeOrder(t, 'pickup');
  const token = links.tokenFor(orderId);
  const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
  const unpaidId = randomUUID();
  await run(unpaidId, {
    kind: 'OpenCheckout',
    opened: {
      orderId: unpaidId,
      orderNumber: 'DC-777777',
      cartId: randomUUID(),
      customer: { name: 'Bat', email: 'bat@example.com' },
      fulfillment: 'pickup',
      shippingAddress: null,
      lines: [{ productId: 1, name: 'Pin', quantity: 1, unitPriceCents: 500 }],
      subtotalCents: 500,
      shippingCents: 0,
      discountCents: 0,
      totalCents: 500,
      sourceId: 'cnon:card-nonce-ok',
      idempotencyKey: `test-${unpaidId}`,
    },
  });
  for (const bad of [tampered, links.tokenFor(randomUUID()), links.tokenFor(unpaidId), 'not-a-token', 'x'.repeat(99)]) {
    const answer = await t.http.get(`/api/order-status/${bad}`);
    expect({ bad: bad.slice(0, 20), status: answer.status }).toEqual({ bad: bad.slice(0, 20), status: 404 });
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(answer.body).toMatchObject({ code: 'ORDER_STATUS_NOT_FOUND', message: 'We could not find that order. Check the link in your email.' });
  }
});
