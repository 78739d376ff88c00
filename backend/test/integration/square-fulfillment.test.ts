import { randomUUID } from 'node:crypto';
import { SquareClient, type Square } from 'square';
import { shippingCostCents } from '../../src/shipping';
import { SquareFulfillmentJob } from '../../src/orders/square-fulfillment.job';
import { SquareFulfillmentSweep } from '../../src/orders/square-fulfillment-sweep.job';
import { systemContext } from '../../src/platform/context/request-context';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { CatalogSync } from '../../src/square/catalog-sync/catalog-sync';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_LOCATION_ID, EMULATOR_WEBHOOK_SIGNATURE_KEY, webhookSignature } from '../../src/stand-ins';
import { AdminClient } from '../support/admin-client';
import { sentMail } from '../support/mailbox';
import { placeOrder } from '../support/placed-order';
import { paidCheckout, sql } from '../support/shop-fixtures';
import { atTheStall } from '../support/square-stall';
import { startTestApp, TestApp } from '../support/test-app';

/** The Square order's fulfillment both ways: the admin's steps reach Square's books, the studio's steps in Square reach the shop. */
let t: TestApp;
let square: SquareClient;
let admin: AdminClient;
let product: { id: number; priceCents: number };

beforeAll(async () => {
  t = await startTestApp({ SQUARE_SYNC_EVERY_MS: '0' }, { squareWebhooks: {} });
  square = new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: t.square.url, maxRetries: 0 });
  admin = await AdminClient.signIn(t.baseUrl);
  await t.app.get(CatalogSync).run(systemContext());
  const [row] = await sql<{ id: number; square_variation_id: string; price_cents: number }>(
    t,
    `select p.id, v.square_variation_id, v.price_cents from products p join product_variants v on v.product_id = p.id
      where v.square_variation_id is not null and (select count(*) from product_variants w where w.product_id = p.id) = 1 order by p.id limit 1`,
  );
  await atTheStall(square, row!.square_variation_id, { count: 100 });
  await t.square.webhooks.settled();
  product = { id: row!.id, priceCents: row!.price_cents };
});
afterAll(() => t?.close());

/** A real checkout of one unit, paid by card: its Square order is made and paid with it. */
const checkout = (fulfillmentMethod: 'pickup' | 'shipping') =>
  paidCheckout(t, { [product.id]: 1 }, product.priceCents + shippingCostCents(fulfillmentMethod === 'pickup' ? 'pickup' : 'standard', product.priceCents), {
    name: 'Lydia Deetz',
    email: 'lydia@example.com',
    fulfillmentMethod,
  });

const eventsOf = async (orderId: string) =>
  sql<{ type: string; data: any; actor: string }>(t, `select type, data, metadata->>'actor' as actor from events where stream_id = ? order by version`, [`order-${orderId}`]);
const typesOf = async (orderId: string) => (await eventsOf(orderId)).map((e) => e.type);
const step = (orderId: string, body: unknown) => admin.post(`/api/admin/orders/${orderId}/fulfilment`, body);
const detail = async (orderId: string) => (await admin.get(`/api/admin/orders/${orderId}`)).body;

async function squareOrderOf(orderId: string): Promise<Square.Order> {
  const opened = (await eventsOf(orderId)).find((e) => e.type === 'SquareOrderOpened');
  const { order } = await square.orders.get({ orderId: opened!.data.squareOrderId });
  return order!;
}

/** The studio moving the fulfillment one step in Square (the Order Manager), through the SDK, at the order's current version. */
async function inSquare(orderId: string, state: Square.FulfillmentState, shipment?: Square.FulfillmentShipmentDetails): Promise<Square.Order> {
  const current = await squareOrderOf(orderId);
  const { order } = await square.orders.update({
    orderId: current.id!,
    idempotencyKey: randomUUID(),
    order: { locationId: EMULATOR_LOCATION_ID, version: current.version, fulfillments: [{ uid: current.fulfillments![0]!.uid, state, ...(shipment ? { shipmentDetails: shipment } : {}) }] },
  });
  await t.square.webhooks.settled();
  return order!;
}

/** Ticks the relay (the worker's jobs run) until `check` holds. */
async function relayUntil(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    await t.app.get(OutboxRelay).tick();
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Everything the steps set off has run: the jobs, the webhooks of Square's echo, the emails recorded. */
async function settle(orderId: string, emails: number): Promise<void> {
  await relayUntil(async () => {
    await t.square.webhooks.settled();
    const state = await detail(orderId);
    return state.squareFulfillment?.sync !== 'waiting' && (await typesOf(orderId)).filter((e) => e === 'FulfilmentEmailSent').length >= emails;
  }, `${emails} step emails and Square in step`);
  await t.square.webhooks.settled();
}

const stepMail = async (orderNumber: string) => (await sentMail(t.dataDir)).filter((m) => m.subject.startsWith(`Your Dark Circle order ${orderNumber} `)).map((m) => m.subject);

describe("the admin's steps reach the Square order", () => {
  it("'shipped' completes the Square fulfillment with the carrier and tracking number; Square's echo records no second step or email", async () => {
    const { orderId, orderNumber } = await checkout('shipping');
    expect(await detail(orderId)).toMatchObject({ squareFulfillment: { state: 'PROPOSED', sync: 'in-step', refusal: null } });

    const shipped = await step(orderId, { step: 'shipped', carrier: 'USPS', trackingNumber: '9400 1000 0000' });
    expect(shipped.body).toMatchObject({ fulfilment: 'shipped', squareFulfillment: { state: 'PROPOSED', sync: 'waiting' } });
    await settle(orderId, 1);

    const order = await squareOrderOf(orderId);
    expect(order.fulfillments).toEqual([
      expect.objectContaining({
        type: 'SHIPMENT',
        state: 'COMPLETED',
        shipmentDetails: expect.objectContaining({ carrier: 'USPS', trackingNumber: '9400 1000 0000', trackingUrl: expect.stringContaining('usps.com'), shippedAt: expect.any(String) }),
      }),
    ]);
    expect(order.state).toBe('COMPLETED');
    expect(await detail(orderId)).toMatchObject({ squareFulfillment: { state: 'COMPLETED', sync: 'in-step' } });
    const types = await typesOf(orderId);
    expect(types.filter((e) => e === 'OrderShipped')).toHaveLength(1);
    expect(types.filter((e) => e === 'SquareFulfillmentSynced').length).toBeGreaterThanOrEqual(1);
    expect(await stepMail(orderNumber)).toEqual([`Your Dark Circle order ${orderNumber} is on its way`]);
  });

  it("'ready' moves the Square fulfillment to PREPARED (walking through RESERVED), 'picked up' then to COMPLETED", async () => {
    const { orderId, orderNumber } = await checkout('pickup');
    await step(orderId, { step: 'ready-for-pickup', note: 'Friday after 4pm' });
    await settle(orderId, 1);
    let order = await squareOrderOf(orderId);
    expect(order.fulfillments![0]).toMatchObject({
      type: 'PICKUP',
      state: 'PREPARED',
      pickupDetails: expect.objectContaining({ acceptedAt: expect.any(String), readyAt: expect.any(String) }),
    });
    expect(order.state).toBe('OPEN');
    expect(await detail(orderId)).toMatchObject({ fulfilment: 'ready-for-pickup', squareFulfillment: { state: 'PREPARED', sync: 'in-step' } });

    await step(orderId, { step: 'picked-up' });
    await settle(orderId, 2);
    order = await squareOrderOf(orderId);
    expect(order).toMatchObject({
      state: 'COMPLETED',
      fulfillments: [expect.objectContaining({ state: 'COMPLETED', pickupDetails: expect.objectContaining({ pickedUpAt: expect.any(String) }) })],
    });
    const types = await typesOf(orderId);
    expect(types.filter((e) => e === 'OrderReadyForPickup' || e === 'OrderPickedUp')).toEqual(['OrderReadyForPickup', 'OrderPickedUp']);
    expect((await stepMail(orderNumber)).sort()).toEqual([`Your Dark Circle order ${orderNumber} is ready for pickup`, `Your Dark Circle order ${orderNumber} was picked up`]);
  });

  it('asks nothing of Square for an order from before the Square books', async () => {
    const { orderId } = await placeOrder(t, 'shipping');
    const shipped = await step(orderId, { step: 'shipped' });
    expect(shipped.body).toMatchObject({ fulfilment: 'shipped', squareFulfillment: null });
    // Faults lined up for Square's order calls stay unused: none is made.
    t.square.faults.next('RetrieveOrder', { kind: 'unavailable' });
    t.square.faults.next('UpdateOrder', { kind: 'unavailable' });
    expect(await t.app.get(SquareFulfillmentJob).sync(orderId, systemContext())).toBe('no-square-order');
    await relayUntil(async () => (await typesOf(orderId)).includes('FulfilmentEmailSent'), 'the shipped email');
    expect(t.square.faults.pending()).toEqual({ RetrieveOrder: [{ kind: 'unavailable' }], UpdateOrder: [{ kind: 'unavailable' }] });
    t.square.faults.clear();
    expect(await typesOf(orderId)).not.toContain('SquareFulfillmentSynced');
  });

  it('while Square is away the step waits, shown as waiting, and lands when the worker asks again', async () => {
    const { orderId } = await checkout('shipping');
    t.square.faults.next('UpdateOrder', { kind: 'unavailable' });
    await step(orderId, { step: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    // The job's first attempt meets the fault; BullMQ asks again after its backoff.
    await relayUntil(async () => (await detail(orderId)).squareFulfillment.state === 'COMPLETED', 'the retried job');
    expect(t.square.faults.pending()).toEqual({});
    expect((await squareOrderOf(orderId)).fulfillments![0]).toMatchObject({
      state: 'COMPLETED',
      shipmentDetails: expect.objectContaining({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }),
    });
    await settle(orderId, 1);
  });

  it("re-drives a step whose job gave up: the sweep moves Square's fulfillment once Square answers", async () => {
    const { orderId } = await checkout('pickup');
    // No relay tick: the step's own job never runs, as when it failed for good.
    await step(orderId, { step: 'ready-for-pickup' });
    const sweep = t.app.get(SquareFulfillmentSweep);
    const later = new Date(Date.now() + 60_000);
    expect(await sweep.redrive(new Date(Date.now() - 60_000), systemContext())).toEqual({ synced: 0, failed: 0 });
    t.square.faults.next('UpdateOrder', { kind: 'unavailable' });
    expect(await sweep.redrive(later, systemContext())).toEqual({ synced: 0, failed: 1 });
    expect(await detail(orderId)).toMatchObject({ squareFulfillment: { sync: 'waiting' } });
    expect(await sweep.redrive(later, systemContext())).toEqual({ synced: 1, failed: 0 });
    expect((await squareOrderOf(orderId)).fulfillments![0]!.state).toBe('PREPARED');
    expect(await sweep.redrive(later, systemContext())).toEqual({ synced: 0, failed: 0 });
    await settle(orderId, 1);
  });
});

describe("the studio's steps in Square reach the shop", () => {
  it('a pickup made ready, then completed through the SDK is ready, then picked up in the shop, each emailed once', async () => {
    const { orderId, orderNumber } = await checkout('pickup');
    await inSquare(orderId, 'RESERVED');
    expect(await detail(orderId)).toMatchObject({ fulfilment: 'unfulfilled', squareFulfillment: { state: 'RESERVED', sync: 'in-step' } });
    await inSquare(orderId, 'PREPARED');
    expect(await detail(orderId)).toMatchObject({ fulfilment: 'ready-for-pickup', squareFulfillment: { state: 'PREPARED' } });
    await inSquare(orderId, 'COMPLETED');
    const done = await detail(orderId);
    expect(done).toMatchObject({ fulfilment: 'picked-up', fulfilledAs: 'picked-up', nextSteps: [], squareFulfillment: { state: 'COMPLETED', sync: 'in-step' } });
    expect(done.timeline.map((e: { title: string }) => e.title)).toEqual(expect.arrayContaining(['Ready for pickup (in Square)', 'Picked up (in Square)']));
    await settle(orderId, 2);

    const events = await eventsOf(orderId);
    expect(events.filter((e) => e.type === 'OrderReadyForPickup' || e.type === 'OrderPickedUp').map((e) => [e.type, e.actor])).toEqual([
      ['OrderReadyForPickup', 'square'],
      ['OrderPickedUp', 'square'],
    ]);
    expect((await stepMail(orderNumber)).sort()).toEqual([`Your Dark Circle order ${orderNumber} is ready for pickup`, `Your Dark Circle order ${orderNumber} was picked up`]);
    // The jobs the steps set off find Square there already.
    expect(await t.app.get(SquareFulfillmentJob).sync(orderId, systemContext())).toBe('in-step');
  });

  it('a shipment completed in Square is shipped in the shop with the tracking number Square holds, emailed once', async () => {
    const { orderId, orderNumber } = await checkout('shipping');
    await inSquare(orderId, 'RESERVED');
    await inSquare(orderId, 'PREPARED');
    expect(await detail(orderId)).toMatchObject({ fulfilment: 'unfulfilled', squareFulfillment: { state: 'PREPARED' } });
    await inSquare(orderId, 'COMPLETED', { carrier: 'USPS', trackingNumber: '9400 2000 0000' });
    expect(await detail(orderId)).toMatchObject({
      fulfilment: 'shipped',
      carrier: 'USPS',
      trackingNumber: '9400 2000 0000',
      trackingUrl: expect.stringContaining('usps.com'),
      squareFulfillment: { state: 'COMPLETED', sync: 'in-step' },
    });
    await settle(orderId, 1);
    const mail = (await sentMail(t.dataDir)).filter((m) => m.subject === `Your Dark Circle order ${orderNumber} is on its way`);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.raw).toContain('9400 2000 0000');
  });

  it('a delivery the shop could not read Square for fails, and Square sending it again records the step once', async () => {
    const { orderId, orderNumber } = await checkout('pickup');
    await inSquare(orderId, 'RESERVED');
    const current = await squareOrderOf(orderId);
    t.square.faults.next('RetrieveOrder', { kind: 'unavailable' });
    await square.orders.update({
      orderId: current.id!,
      idempotencyKey: randomUUID(),
      order: { locationId: EMULATOR_LOCATION_ID, version: current.version, fulfillments: [{ uid: current.fulfillments![0]!.uid, state: 'PREPARED' }] },
    });
    await t.square.webhooks.settled();
    const deliveries = t.square.webhooks.deliveries().filter((d) => d.body.includes(current.id!) && d.attempts.some((a) => a.status === 503));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ state: 'delivered', attempts: [expect.objectContaining({ status: 503 }), expect.objectContaining({ status: 200 })] });
    expect((await typesOf(orderId)).filter((e) => e === 'OrderReadyForPickup')).toHaveLength(1);
    await settle(orderId, 1);
    expect(await stepMail(orderNumber)).toEqual([`Your Dark Circle order ${orderNumber} is ready for pickup`]);
  });

  it('a replayed, forged, unsigned or out-of-date order webhook changes nothing', async () => {
    const { orderId } = await checkout('pickup');
    const order = await squareOrderOf(orderId);
    await inSquare(orderId, 'RESERVED');
    const url = `${t.baseUrl}/api/square/webhooks`;
    const post = async (body: string, signature?: string) => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'x-square-hmacsha256-signature': signature } : {}) }, body });
      return { status: res.status, body: (await res.json()) as any };
    };
    const webhook = (version?: number, type = 'order.fulfillment.updated') => {
      const key = type === 'order.updated' ? 'order_updated' : 'order_fulfillment_updated';
      const change = { order_id: order.id, ...(version === undefined ? {} : { version }), location_id: EMULATOR_LOCATION_ID, state: 'OPEN' };
      return JSON.stringify({ merchant_id: 'M', type, event_id: randomUUID(), created_at: new Date().toISOString(), data: { type: key, id: order.id, object: { [key]: change } } });
    };
    const signed = (body: string) => post(body, webhookSignature(EMULATOR_WEBHOOK_SIGNATURE_KEY, url, body));

    // The studio makes it ready in Square while the shop hears nothing of it.
    t.square.webhooks.unsubscribe(url);
    const prepared = await inSquare(orderId, 'PREPARED');
    const before = await typesOf(orderId);
    const known = (await eventsOf(orderId)).filter((e) => e.type === 'SquareFulfillmentSynced').at(-1)!.data.squareVersion as number;
    expect(known).toBeLessThan(prepared.version!);

    const stale = webhook(known);
    expect(await post(stale, webhookSignature('not-the-key', url, stale))).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    expect(await post(stale)).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    // Signed, but naming a version the shop has seen: older news, ignored.
    expect(await signed(stale)).toMatchObject({ status: 200, body: { received: true } });
    expect(await signed(webhook(known, 'order.updated'))).toMatchObject({ status: 200, body: { received: true } });
    // No version: an order not created through the API (a sale at the stall) is none of the shop's.
    expect(await signed(webhook(undefined, 'order.updated'))).toMatchObject({ status: 200, body: { received: true } });
    const delivered = t.square.webhooks.deliveries().filter((d) => d.type === 'order.fulfillment.updated' && d.body.includes(order.id!) && d.state === 'delivered');
    expect(delivered.length).toBeGreaterThan(0);
    for (const replay of delivered) {
      expect(await signed(replay.body)).toMatchObject({ status: 200, body: { duplicate: true } });
    }
    expect(await typesOf(orderId)).toEqual(before);

    // A delivery of the newer version records the step.
    const news = webhook(prepared.version!, 'order.updated');
    expect(await signed(news)).toMatchObject({ status: 200 });
    expect((await typesOf(orderId)).slice(before.length)).toEqual(['OrderReadyForPickup', 'SquareFulfillmentSynced']);
    expect(await signed(news)).toMatchObject({ body: { duplicate: true } });
    expect((await typesOf(orderId)).slice(before.length)).toEqual(['OrderReadyForPickup', 'SquareFulfillmentSynced']);
    t.square.webhooks.subscribe({ notificationUrl: url, signatureKey: EMULATOR_WEBHOOK_SIGNATURE_KEY });
    await settle(orderId, 1);
  });
});
