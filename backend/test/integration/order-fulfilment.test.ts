import { FulfillmentEmailJob } from '../../src/orders/fulfillment-email.job';
import { orderDecider } from '../../src/orders/order.decider';
import { orderStream } from '../../src/orders/order.events';
import { OrderStatusLinks } from '../../src/orders/order-status-links';
import { systemContext } from '../../src/platform/context/request-context';
import { CommandRunner } from '../../src/platform/event-store/command-runner';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { AdminClient } from '../support/admin-client';
import { SentMail, sentMail } from '../support/mailbox';
import { placeOrder } from '../support/placed-order';
import { sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** Fulfillment steps from the admin API to the order stream, the orders table and the shopper's inbox. */
let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(() => t?.close());

const eventsOf = async (orderId: string) => (await sql<{ type: string }>(t, 'select type from events where stream_id = ? order by version', [`order-${orderId}`])).map((e) => e.type);
/** The step emails about an order (its confirmation, subject "Your Dark Circle order DC-…", left out). */
const mailFor = async (orderNumber: string) => (await sentMail(t.dataDir)).filter((m) => m.subject.startsWith(`Your Dark Circle order ${orderNumber} `));
const step = (orderId: string, body: unknown) => admin.post(`/api/admin/orders/${orderId}/fulfilment`, body);

/** Ticks the relay until the order has `count` step emails. */
async function untilMail(orderNumber: string, count: number): Promise<SentMail[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await t.app.get(OutboxRelay).tick();
    const mail = await mailFor(orderNumber);
    if (mail.length >= count) return mail;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${count} emails about ${orderNumber}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Ticks the relay until the order's stream records `count` step emails: the job has finished, not just written its mail. */
async function untilEmailsRecorded(orderId: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await eventsOf(orderId)).filter((e) => e === 'FulfilmentEmailSent').length < count) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${count} recorded emails`);
    await t.app.get(OutboxRelay).tick();
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('fulfilment steps', () => {
  it('makes a pickup order ready, then picked up: one email per step, each with the status link, however often the step is repeated', async () => {
    const { orderId, orderNumber } = await placeOrder(t, 'pickup');
    const ready = await step(orderId, { step: 'ready-for-pickup', note: 'Friday after 4pm, studio side door' });
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ id: orderId, fulfilment: 'ready-for-pickup', pickupNote: 'Friday after 4pm, studio side door', fulfilledAs: null, nextSteps: ['picked-up'] });
    const [readyMail] = await untilMail(orderNumber, 1);
    await untilEmailsRecorded(orderId, 1);
    expect(readyMail!.subject).toBe(`Your Dark Circle order ${orderNumber} is ready for pickup`);
    expect(readyMail!.to).toContain('lydia@example.com');

    // A double click: the same step again records nothing, answers the order, and no second email goes.
    const again = await step(orderId, { step: 'ready-for-pickup', note: 'A second note' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ fulfilment: 'ready-for-pickup', pickupNote: 'Friday after 4pm, studio side door' });
    expect(await t.app.get(FulfillmentEmailJob).send(orderId, 'ready-for-pickup', systemContext())).toBe('already-sent');

    const picked = await step(orderId, { step: 'picked-up' });
    expect(picked.body).toMatchObject({ fulfilment: 'picked-up', fulfilledAs: 'picked-up', nextSteps: [] });
    expect(picked.body.fulfilledAt).not.toBeNull();
    const mail = await untilMail(orderNumber, 2);
    await untilEmailsRecorded(orderId, 2);
    await step(orderId, { step: 'picked-up' });
    expect(await t.app.get(FulfillmentEmailJob).send(orderId, 'picked-up', systemContext())).toBe('already-sent');
    expect((await mailFor(orderNumber)).map((m) => m.subject).sort()).toEqual([
      `Your Dark Circle order ${orderNumber} is ready for pickup`,
      `Your Dark Circle order ${orderNumber} was picked up`,
    ]);

    const statusUrl = t.app.get(OrderStatusLinks).urlFor(orderId);
    for (const m of mail) {
      const [text, html] = [m.raw.split(/Content-Type: text\/plain/i)[1]!.split(/Content-Type: text\/html/i)[0]!, m.raw.split(/Content-Type: text\/html/i)[1]!];
      expect(text).toContain(statusUrl);
      expect(html).toContain(statusUrl);
    }
    // The confirmation's job runs beside these; where its record falls among them does not matter.
    expect((await eventsOf(orderId)).filter((e) => e !== 'OrderConfirmationSent').slice(4)).toEqual(['OrderReadyForPickup', 'FulfilmentEmailSent', 'OrderPickedUp', 'FulfilmentEmailSent']);
  });

  it('ships a shipping order with its carrier, tracking number and tracking page, emailed once', async () => {
    const { orderId, orderNumber } = await placeOrder(t, 'shipping');
    const shipped = await step(orderId, { step: 'shipped', carrier: 'USPS', trackingNumber: '9400 1000 0000', note: 'Wrapped in black tissue' });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({
      fulfilment: 'shipped',
      fulfilledAs: 'shipped',
      carrier: 'USPS',
      trackingNumber: '9400 1000 0000',
      trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=940010000000',
      nextSteps: [],
    });
    const [mail] = await untilMail(orderNumber, 1);
    await untilEmailsRecorded(orderId, 1);
    expect(await t.app.get(FulfillmentEmailJob).send(orderId, 'shipped', systemContext())).toBe('already-sent');
    expect(mail!.subject).toBe(`Your Dark Circle order ${orderNumber} is on its way`);
    expect(mail!.raw).toContain('9400 1000 0000');
    expect((await step(orderId, { step: 'shipped', carrier: 'UPS', trackingNumber: '1Z' })).body).toMatchObject({ carrier: 'USPS' });
    expect(await mailFor(orderNumber)).toHaveLength(1);
    const [row] = await sql(t, 'select fulfilment, fulfilled_as, tracking_number, carrier, tracking_url from orders where id = ?', [orderId]);
    expect(row).toEqual({ fulfilment: 'shipped', fulfilled_as: 'shipped', tracking_number: '9400 1000 0000', carrier: 'USPS', tracking_url: expect.stringContaining('usps.com') });
  });

  it('refuses steps out of turn with a 409 that changes nothing', async () => {
    const pickup = await placeOrder(t, 'pickup');
    const shipping = await placeOrder(t, 'shipping');
    await step(pickup.orderId, { step: 'picked-up', note: 'Came early' });
    const refusals: [string, unknown, RegExp][] = [
      [pickup.orderId, { step: 'ready-for-pickup' }, /already picked up; it cannot go back to ready for pickup/],
      [pickup.orderId, { step: 'shipped' }, /is a pickup order/],
      [shipping.orderId, { step: 'ready-for-pickup' }, /is a shipping order/],
      [shipping.orderId, { step: 'picked-up' }, /is a shipping order/],
    ];
    for (const [orderId, body, message] of refusals) {
      const before = await eventsOf(orderId);
      const refused = await step(orderId, body);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'FULFILMENT_STEP_REFUSED', message: expect.stringMatching(message) });
      expect(await eventsOf(orderId)).toEqual(before);
    }

    // Fully refunded: nothing left to fulfil. Partly refunded: still fulfilled.
    const runner = t.app.get(CommandRunner);
    const refund = async (orderId: string, refundId: string, amountCents: number) => {
      await runner.run(
        orderDecider,
        orderStream(orderId),
        { kind: 'RequestRefund', refund: { refundId, amountCents, lines: [], reason: 'Cancelled' }, at: new Date().toISOString() },
        systemContext(),
      );
      await runner.run(orderDecider, orderStream(orderId), { kind: 'RecordSquareRefund', refundId, squareRefundId: `sq-${refundId}`, status: 'COMPLETED' }, systemContext());
    };
    const refunded = await placeOrder(t, 'shipping');
    await refund(refunded.orderId, '00000000-0000-4000-8000-000000000001', 2900);
    const whole = await step(refunded.orderId, { step: 'shipped' });
    expect(whole.status).toBe(409);
    expect(whole.body.message).toMatch(/fully refunded/);
    expect((await admin.get(`/api/admin/orders/${refunded.orderId}`)).body.nextSteps).toEqual([]);
    const part = await placeOrder(t, 'shipping');
    await refund(part.orderId, '00000000-0000-4000-8000-000000000002', 1000);
    expect((await step(part.orderId, { step: 'shipped' })).body).toMatchObject({ fulfilment: 'shipped', refundStatus: 'partly-refunded' });
  });

  it('refuses a malformed step with a 400 naming the field', async () => {
    const { orderId } = await placeOrder(t, 'shipping');
    for (const [body, message] of [
      [{}, /step must be one of ready-for-pickup, shipped, picked-up/],
      [{ step: 'delivered' }, /step must be one of/],
      [{ step: 'shipped', trackingNumber: '9400<script>' }, /trackingNumber may hold letters, digits, spaces and dashes/],
      [{ step: 'shipped', trackingNumber: '9'.repeat(61) }, /trackingNumber must be at most 60/],
      [{ step: 'shipped', carrier: 'C'.repeat(41) }, /carrier must be at most 40/],
      [{ step: 'shipped', note: 'n'.repeat(501) }, /note must be at most 500/],
      [{ step: 'picked-up', trackingNumber: '9400' }, /carrier and trackingNumber go with the shipped step only/],
      [{ step: 'shipped', courier: 'USPS' }, /courier/],
    ] as const) {
      const refused = await step(orderId, body);
      expect({ body, status: refused.status, code: refused.body.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
      expect(refused.body.message).toMatch(message);
    }
    expect((await step('00000000-0000-4000-8000-000000000000', { step: 'shipped' })).status).toBe(404);
    expect(await eventsOf(orderId)).not.toContain('OrderShipped');
  });

  it('keeps the route from before the steps: fulfil picks up or ships (no carrier), once, and emails', async () => {
    const pickup = await placeOrder(t, 'pickup');
    const picked = await admin.post(`/api/admin/orders/${pickup.orderId}/fulfil`);
    expect(picked.status).toBe(200);
    expect(picked.body).toMatchObject({ fulfilledAs: 'picked-up', fulfilment: 'picked-up', trackingNumber: null });
    const shipping = await placeOrder(t, 'shipping');
    const shipped = await admin.post(`/api/admin/orders/${shipping.orderId}/fulfil`, { trackingNumber: '9400 222' });
    expect(shipped.body).toMatchObject({ fulfilledAs: 'shipped', fulfilment: 'shipped', trackingNumber: '9400 222', carrier: null, trackingUrl: null });
    expect((await admin.post(`/api/admin/orders/${shipping.orderId}/fulfil`, { trackingNumber: '1' })).body).toMatchObject({ trackingNumber: '9400 222' });
    expect((await eventsOf(shipping.orderId)).filter((e) => e === 'OrderShipped')).toHaveLength(1);
    expect((await eventsOf(pickup.orderId)).filter((e) => e === 'OrderPickedUp')).toHaveLength(1);
    await untilMail(shipping.orderNumber, 1);
    await untilMail(pickup.orderNumber, 1);
  });
});
