import { randomUUID } from 'node:crypto';
import { SquareClient } from 'square';
import { Products } from '../../src/catalog';
import { Orders, OrderNumbers, SquareOrderNumbering } from '../../src/orders';
import { systemContext } from '../../src/platform/context/request-context';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { CatalogSync } from '../../src/square/catalog-sync/catalog-sync';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { AdminClient } from '../support/admin-client';
import { addProduct, cartWith, payForCart, sql } from '../support/shop-fixtures';
import { atTheStall } from '../support/square-stall';
import { startTestApp, TestApp } from '../support/test-app';
import { until } from '../support/until';

/** The studio's side of the books: the order page's Square order, the paid order's number in Square, and the books check. */
let t: TestApp;
let square: SquareClient;
let admin: AdminClient;
let moon: { id: number; variation: string; priceCents: number };

beforeAll(async () => {
  t = await startTestApp({ SQUARE_SYNC_EVERY_MS: '0' }, { squareWebhooks: {} });
  square = new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: t.square.url, maxRetries: 0 });
  admin = await AdminClient.signIn(t.baseUrl);
  await t.app.get(CatalogSync).run(systemContext());
  const [row] = await sql<{ product_id: number; square_variation_id: string; price_cents: number }>(
    t,
    `select v.product_id, v.square_variation_id, v.price_cents from product_variants v join products p on p.id = v.product_id where p.name = 'Crescent Moon Patch'`,
  );
  moon = { id: row!.product_id, variation: row!.square_variation_id, priceCents: row!.price_cents };
  await atTheStall(square, moon.variation, { count: 20 });
  await t.square.webhooks.settled();
});
afterAll(() => t?.close());
afterEach(() => t.square.faults.clear());

/** A paid pickup of `lines`, through the storefront's calls: the order's id, number and Square order. */
async function sold(lines: Record<number, number>, totalCents: number) {
  const cart = await cartWith(t, lines);
  const res = await payForCart(t, cart.id, totalCents).expect(200);
  expect(res.body.success).toBe(true);
  const [row] = await sql<{ square_order_id: string }>(t, 'select square_order_id from orders where id = ?', [res.body.orderId]);
  return { orderId: res.body.orderId as string, orderNumber: res.body.orderNumber as string, squareOrderId: row!.square_order_id };
}
const referenceOf = async (squareOrderId: string) => (await square.orders.get({ orderId: squareOrderId })).order?.referenceId;
const booksCheck = async (days?: number) => {
  const res = await admin.get(`/api/admin/square/books-check${days ? `?days=${days}` : ''}`);
  expect(res.status).toBe(200);
  return res.body as { days: number; checked: number; agreeing: number; differences: { orderId: string; squareUrl: string | null; problems: { code: string; detail: string }[] }[] };
};
const problemsOf = (check: Awaited<ReturnType<typeof booksCheck>>, orderId: string) => check.differences.find((d) => d.orderId === orderId)?.problems.map((p) => p.code) ?? [];

describe("the order page's Square order", () => {
  it('names the Square order, links to its page (the emulator’s own here), and shows its state as Square holds it now', async () => {
    const { orderId, orderNumber, squareOrderId } = await sold({ [moon.id]: 1 }, moon.priceCents);
    const page = await admin.get(`/api/admin/orders/${orderId}`);
    expect(page.status).toBe(200);
    expect(page.body.square).toEqual({
      squareOrderId,
      dashboardUrl: `${t.square.url}/emulator/orders/${squareOrderId}`,
      state: 'OPEN',
      fulfillmentState: 'PROPOSED',
      referenceId: orderNumber,
      notes: [],
    });
    const linked = await fetch(page.body.square.dashboardUrl);
    expect(((await linked.json()) as { order: { id: string } }).order.id).toBe(squareOrderId);
    expect(page.body.timeline.map((e: { title: string }) => e.title)).toEqual(expect.arrayContaining([`Booked in Square as order ${squareOrderId}`, `Square order numbered ${orderNumber}`]));

    // Square out of reach: the page still opens, the state unknown.
    t.square.faults.next('BatchRetrieveOrders', { kind: 'unavailable' });
    const blind = await admin.get(`/api/admin/orders/${orderId}`);
    expect(blind.status).toBe(200);
    expect(blind.body.square).toMatchObject({ squareOrderId, state: null, fulfillmentState: null });
  });

  it('notes a line that went to Square as an ad hoc line because its variation was deleted in Square between cart and pay', async () => {
    const id = await addProduct(t, { name: `Widow Pin ${randomUUID().slice(0, 6)}`, priceCents: 1200, stockQuantity: 4 });
    // The variant still names a variation Square no longer has.
    const gone = 'GONEVARIATION000000000045';
    await t.app.get(Products).run(id, { kind: 'LinkToSquare', squareItemId: 'GONE-ITEM', variations: [{ variantId: `${id}-1`, squareVariationId: gone }] }, systemContext());
    // The cart's lines: the moon patch (the older product) first, then the pin.
    const { orderId, squareOrderId } = await sold({ [moon.id]: 1, [id]: 1 }, 1200 + moon.priceCents);
    const { order } = await square.orders.get({ orderId: squareOrderId });
    expect(order!.lineItems!.map((l) => [l.catalogObjectId, l.name])).toEqual([
      [moon.variation, 'Crescent Moon Patch'],
      [undefined, expect.stringMatching(/^Widow Pin/)],
    ]);
    const [opened] = await sql<{ data: Record<string, unknown> }>(t, `select data from events where stream_id = ? and type = 'SquareOrderOpened'`, [`order-${orderId}`]);
    expect(opened!.data).toMatchObject({ lineVariations: [moon.variation, null], adHocLines: [{ line: 1, variationId: gone }] });
    const page = await admin.get(`/api/admin/orders/${orderId}`);
    expect(page.body.square.notes).toEqual([expect.stringMatching(new RegExp(`^Widow Pin \\w+ went to Square as an ad hoc line: its Square variation ${gone} was deleted in Square`))]);
    // The books agree: the shop booked that line ad hoc.
    expect(problemsOf(await booksCheck(), orderId)).toEqual([]);
  });
});

describe("the paid order's number on its Square order", () => {
  it('is set by the worker when Square could not take it as the checkout settled; the books check lists it until then', async () => {
    t.square.faults.next('UpdateOrder', { kind: 'unavailable' });
    const { orderId, orderNumber, squareOrderId } = await sold({ [moon.id]: 1 }, moon.priceCents);
    expect(await referenceOf(squareOrderId)).toBe(orderId);
    const waiting = await booksCheck();
    expect(waiting.differences.find((d) => d.orderId === orderId)?.problems).toEqual([
      { code: 'REFERENCE_DIFFERS', detail: `Square's order carries reference ${orderId}, not the order number ${orderNumber}.` },
    ]);

    await until(async () => {
      await t.app.get(OutboxRelay).tick();
      return (await referenceOf(squareOrderId)) === orderNumber;
    });
    await until(async () => (await sql(t, `select 1 from events where stream_id = ? and type = 'SquareOrderNumbered'`, [`order-${orderId}`])).length === 1);
    expect(problemsOf(await booksCheck(), orderId)).toEqual([]);
  });

  it("is set at the Square order's current version, read again when the order moved between the read and the update", async () => {
    t.square.faults.next('UpdateOrder', { kind: 'unavailable' });
    const { orderId, orderNumber, squareOrderId } = await sold({ [moon.id]: 1 }, moon.priceCents);
    // Square answers the shop's read late; meanwhile the studio accepts the order in Square (a new version).
    t.square.faults.next('RetrieveOrder', { kind: 'slow', delayMs: 1000 });
    const numbering = t.app.get(SquareOrderNumbering).number(orderId, systemContext());
    await until(async () => !t.square.faults.pending().RetrieveOrder?.length);
    const { order } = await square.orders.get({ orderId: squareOrderId });
    await square.orders.update({
      orderId: squareOrderId,
      order: { locationId: EMULATOR_LOCATION_ID, version: order!.version!, fulfillments: [{ uid: order!.fulfillments![0]!.uid, state: 'RESERVED' }] },
    });
    expect(await numbering).toBe('numbered');
    const { order: numbered } = await square.orders.get({ orderId: squareOrderId });
    expect(numbered).toMatchObject({ referenceId: orderNumber, version: order!.version! + 2, fulfillments: [{ state: 'RESERVED' }] });
    expect(await t.app.get(SquareOrderNumbering).number(orderId, systemContext())).toBe('already-numbered');
  });
});

describe('the books check', () => {
  it('lists a paid order with no Square order, and one whose Square order has other lines; the sales it made agree', async () => {
    const good = await sold({ [moon.id]: 2 }, 2 * moon.priceCents);
    const orders = t.app.get(Orders);
    const ctx = systemContext();
    const opened = (orderId: string) => ({
      orderId,
      cartId: randomUUID(),
      customer: { name: 'Renfield', email: 'renfield@example.com' },
      fulfillment: 'pickup' as const,
      shippingAddress: null,
      lines: [{ productId: moon.id, variantId: `${moon.id}-1`, variantName: '', name: 'Crescent Moon Patch', quantity: 1, unitPriceCents: 1100 }],
      subtotalCents: 1100,
      shippingCents: 0,
      discountCents: 0,
      totalCents: 1100,
      sourceId: 'cnon:card-nonce-ok',
      idempotencyKey: randomUUID(),
    });
    const paid = async (orderId: string, book?: () => Promise<void>) => {
      await orders.run(orderId, { kind: 'OpenCheckout', opened: opened(orderId) }, ctx);
      await orders.run(orderId, { kind: 'RequestCharge', at: new Date().toISOString() }, ctx);
      await book?.();
      const orderNumber = await t.app.get(OrderNumbers).claim(orderId);
      await orders.run(orderId, { kind: 'RecordPayment', payment: { paymentId: `P-${orderId}`, amountCents: 1100, cardBrand: 'VISA', last4: '1111', orderNumber } }, ctx);
      await orders.run(orderId, { kind: 'PlaceOrder' }, ctx);
    };
    // Paid as checkouts were before Square orders: no Square order at all.
    const unbooked = randomUUID();
    await paid(unbooked);
    // Booked as a Square order of two ad hoc halves, not paid there.
    const { order: other } = await square.orders.create({
      idempotencyKey: randomUUID(),
      order: { locationId: EMULATOR_LOCATION_ID, lineItems: [{ name: 'Something else', quantity: '2', basePriceMoney: { amount: 550n, currency: 'USD' } }] },
    });
    const misbooked = randomUUID();
    await paid(misbooked, async () => {
      await orders.run(misbooked, { kind: 'RecordSquareOrder', squareOrderId: other!.id!, totalCents: 1100, lineVariations: [moon.variation] }, ctx);
    });

    const check = await booksCheck();
    expect(check.days).toBe(30);
    expect(check.checked).toBe(check.agreeing + check.differences.length);
    expect(problemsOf(check, good.orderId)).toEqual([]);
    expect(check.differences.find((d) => d.orderId === unbooked)).toEqual({
      orderId: unbooked,
      orderNumber: expect.any(String),
      squareOrderId: null,
      squareUrl: null,
      problems: [{ code: 'NO_SQUARE_ORDER', detail: 'No Square order was booked for this order.' }],
    });
    const wrong = check.differences.find((d) => d.orderId === misbooked)!;
    expect(wrong.squareUrl).toBe(`${t.square.url}/emulator/orders/${other!.id}`);
    expect(wrong.problems.map((p) => p.detail)).toEqual([
      `Square's order still has $11.00 due.`,
      `Line 1 (Crescent Moon Patch): Square has an ad hoc line, the shop booked variation ${moon.variation}.`,
      'Line 1 (Crescent Moon Patch): Square has quantity 2, the shop 1.',
      "Line 1 (Crescent Moon Patch): Square's price is $5.50, the shop's $11.00.",
      expect.stringMatching(/^Square's order carries reference \(none\), not the order number/),
    ]);
    // Only the last day's orders, when asked for one day: these are all of today.
    expect((await booksCheck(1)).checked).toBe(check.checked);
  });

  it('refuses a span it cannot check, and says so when Square cannot be asked', async () => {
    for (const days of ['0', '367', 'week', '1.5']) {
      const res = await admin.get(`/api/admin/square/books-check?days=${days}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('days must be a whole number from 1 to 366.');
    }
    t.square.faults.next('BatchRetrieveOrders', { kind: 'unavailable' });
    const down = await admin.get('/api/admin/square/books-check');
    expect(down.status).toBe(502);
    expect(down.body).toMatchObject({ code: 'SQUARE_UNAVAILABLE', message: expect.stringContaining('Nothing was compared') });
    expect((await AdminClient.anonymous(t.baseUrl).get('/api/admin/square/books-check')).status).toBe(401);
  });
});
