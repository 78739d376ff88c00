import { randomUUID } from 'node:crypto';
import { SquareClient } from 'square';
import { systemContext } from '../../src/platform/context/request-context';
import { CatalogSync } from '../../src/square/catalog-sync/catalog-sync';
import { EMULATOR_ACCESS_TOKEN } from '../../src/stand-ins';
import { StockAlertsReader } from '../../src/catalog';
import { shopStockChange } from '../../src/square/stock/shop-stock-change';
import { StockPushJob } from '../../src/square/stock/stock-push.job';
import { AdminClient } from '../support/admin-client';
import { addProduct, cartWith, payForCart, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { atTheStall, squareCount } from '../support/square-stall';
import { picturesCopied } from '../support/square-pictures';
import { relayUntil } from '../support/relay-until';

let t: TestApp;
let square: SquareClient;
let admin: AdminClient;
let linked: { id: number; variation: string; priceCents: number }[];

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not so within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const onHand = async (id: number) => (await sql<{ stock_quantity: number }>(t, 'select stock_quantity from product_variants where product_id = ?', [id]))[0]!.stock_quantity;

const pay = (cartId: string, amountCents: number) => payForCart(t, cartId, amountCents);

beforeAll(async () => {
  t = await startTestApp({ SQUARE_SYNC_EVERY_MS: '0' }, { squareWebhooks: {} });
  square = new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: t.square.url, maxRetries: 0 });
  await t.app.get(CatalogSync).run(systemContext());
  // Its pictures are copied in the background: done before the test counts what it records.
  await picturesCopied(t);
  // Products with one variant, linked to its variation (a cart line then needs no variant id).
  const rows = await sql<{ id: number; square_variation_id: string; price_cents: number }>(
    t,
    `select p.id, v.square_variation_id, v.price_cents from products p join product_variants v on v.product_id = p.id
      where v.square_variation_id is not null and (select count(*) from product_variants w where w.product_id = p.id) = 1 order by p.id limit 3`,
  );
  linked = rows.map((r) => ({ id: r.id, variation: r.square_variation_id, priceCents: r.price_cents }));
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(async () => {
  await t?.close();
});

describe('one stock for the stall and the shop', () => {
  it("counts an online sale in Square once: the Square order's payment takes the units, the shop pushes none, and the echo moves nothing", async () => {
    const [p] = linked;
    await atTheStall(square, p!.variation, { count: 5 });
    await until(async () => (await onHand(p!.id)) === 5);
    const cart = await cartWith(t, { [p!.id]: 2 });
    expect((await pay(cart.id, 2 * p!.priceCents).expect(200)).body.success).toBe(true);
    expect(await onHand(p!.id)).toBe(3);
    await relayUntil(t, async () => (await squareCount(square, p!.variation)) === 3);
    await t.square.webhooks.settled();
    expect(await onHand(p!.id)).toBe(3);
    expect(await squareCount(square, p!.variation)).toBe(3);
    expect(await sql(t, `select 1 from events where stream_id = ? and type = 'StockPushedToSquare'`, [`product-${p!.id}`])).toHaveLength(0);

    // The sale is Square's to count: the push job, run for it again (a retry), adjusts nothing.
    const [sold] = await sql<{ event_id: string; recorded_at: Date; data: { orderId: string; square?: string } }>(
      t,
      `select event_id, recorded_at, data from events where stream_id = ? and type = 'StockSold'`,
      [`product-${p!.id}`],
    );
    expect(sold!.data.square).toMatch(/^(sold-in-order|counted)$/);
    const again = await t.app.get(StockPushJob).push(
      {
        productId: p!.id,
        variantId: `${p!.id}-1`,
        change: `sold:${sold!.data.orderId}`,
        quantity: -2,
        fromState: 'IN_STOCK',
        toState: 'SOLD',
        occurredAt: new Date(sold!.recorded_at).toISOString(),
        eventId: sold!.event_id,
        referenceId: sold!.data.orderId,
      },
      systemContext(),
    );
    expect(again).toBe('already-pushed');
    expect(await squareCount(square, p!.variation)).toBe(3);
  });

  it("sends a refund's restock to Square: the count goes back up, once", async () => {
    const p = linked[0]!;
    const before = await squareCount(square, p.variation);
    const cart = await cartWith(t, { [p.id]: 1 });
    expect((await pay(cart.id, p.priceCents).expect(200)).body.success).toBe(true);
    await relayUntil(t, async () => (await squareCount(square, p.variation)) === before - 1);
    const [order] = await sql<{ id: string }>(t, 'select id from orders where cart_id = ?', [cart.id]);
    const refunded = await admin.post(`/api/admin/orders/${order!.id}/refunds`, { lines: [{ itemId: 0, quantity: 1, restock: true }], reason: 'Returned unworn' });
    expect(refunded.status).toBe(201);
    await relayUntil(t, async () => (await squareCount(square, p.variation)) === before && (await onHand(p.id)) === before);
    await t.square.webhooks.settled();
    await until(
      async () => (await sql(t, `select 1 from events where stream_id = ? and type = 'StockPushedToSquare' and data->>'change' like 'restocked:%'`, [`product-${p.id}`])).length === 1,
    );
    expect(await onHand(p.id)).toBe(before);
    expect(await squareCount(square, p.variation)).toBe(before);
  });

  it('skips a product that is not linked to Square', async () => {
    const own = await addProduct(t, { name: 'Shop-only Pin', priceCents: 500, stockQuantity: 2 });
    const result = await t.app.get(StockPushJob).push(
      {
        productId: own,
        variantId: `${own}-1`,
        change: 'sold:x',
        quantity: -1,
        fromState: 'IN_STOCK',
        toState: 'SOLD',
        occurredAt: new Date().toISOString(),
        eventId: randomUUID(),
        referenceId: 'x',
      },
      systemContext(),
    );
    expect(result).toBe('not-linked');
  });

  it('lets the reserved online sale win the last unit the stall also sold, shows it oversold at the stall, and refuses a later checkout before any charge', async () => {
    const p = linked[1]!;
    await atTheStall(square, p.variation, { count: 1 });
    await until(async () => (await onHand(p.id)) === 1);
    const first = await cartWith(t, { [p.id]: 1 });
    const second = await cartWith(t, { [p.id]: 1 });
    const charged = () => t.square.payments().filter((x) => x.status === 'COMPLETED').length;
    const chargesBefore = charged();

    // The first checkout reserves the unit; Square takes its time answering the charge.
    t.square.faults.next('CreatePayment', { kind: 'slow', delayMs: 800 });
    const paying = pay(first.id, p.priceCents);
    const payingDone = paying.then((r) => r);
    await until(async () => (await sql(t, 'select reserved_quantity from product_variants where product_id = ? and reserved_quantity = 1', [p.id])).length === 1);
    // Meanwhile the stall sells the same unit: its count arrives before the charge is answered.
    await atTheStall(square, p.variation, { sell: 1 });
    await until(async () => (await onHand(p.id)) === 0);

    const firstAnswer = await payingDone;
    expect(firstAnswer.status).toBe(200);
    expect(firstAnswer.body.success).toBe(true);
    expect(charged()).toBe(chargesBefore + 1);

    // A checkout that starts after the stall's count: refused, nothing charged.
    const refused = await pay(second.id, p.priceCents);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('OUT_OF_STOCK');
    expect(charged()).toBe(chargesBefore + 1);

    // The online sale reaches Square, whose count goes below zero: the dashboard says so.
    await relayUntil(t, async () => (await squareCount(square, p.variation)) === -1);
    await until(async () => {
      const alerts = (await admin.get('/api/admin/stock-alerts')).body.alerts as { productId: number }[];
      return alerts.some((a) => a.productId === p.id);
    });
    const { body } = await admin.get('/api/admin/stock-alerts');
    expect(body.alerts.find((a: { productId: number }) => a.productId === p.id)).toMatchObject({
      kind: 'oversold-at-stall',
      squareCount: -1,
      message: expect.stringContaining('oversold at the stall'),
    });
    expect(await onHand(p.id)).toBe(0);
    expect((await t.http.get(`/api/products/${p.id}`).expect(200)).body).toMatchObject({ inStock: false, stockQuantity: 0 });

    // A recount at the stall clears it.
    await atTheStall(square, p.variation, { count: 2 });
    await until(async () => (await onHand(p.id)) === 2);
    expect(((await admin.get('/api/admin/stock-alerts')).body.alerts as { productId: number }[]).some((a) => a.productId === p.id)).toBe(false);
  });

  it('heals a count whose webhook never came in the catalogue sync, and records it', async () => {
    const p = linked[2]!;
    t.square.webhooks.unsubscribe();
    try {
      await atTheStall(square, p.variation, { count: 11 });
      await t.square.webhooks.settled();
      const before = await onHand(p.id);
      expect(before).not.toBe(11);
      const result = await t.app.get(CatalogSync).run(systemContext());
      expect(result.stockCorrections).toContainEqual({ productId: p.id, variantId: `${p.id}-1`, stockQuantity: 11, squareCount: 11 });
      expect(await onHand(p.id)).toBe(11);
      const [last] = await sql<{ type: string; data: { squareCount: number } }>(t, 'select type, data from events where stream_id = ? order by version desc limit 1', [`product-${p.id}`]);
      expect(last).toMatchObject({ type: 'StockSet', data: { stockQuantity: 11, squareCount: 11 } });
      // Nothing new: the next run corrects nothing.
      expect((await t.app.get(CatalogSync).run(systemContext())).stockCorrections).toEqual([]);
    } finally {
      t.square.webhooks.subscribe({ notificationUrl: `${t.baseUrl}/api/square/webhooks`, signatureKey: 'EMULATOR-webhook-signature-key' }, { retryDelaysMs: [50] });
    }
  });

  it("records each of two changes of one product pushed at once after the one before: the second's answer counts the first, which is never taken twice", async () => {
    const p = linked[0]!;
    const before = await onHand(p.id);
    expect((await admin.put(`/api/admin/products/${p.id}/stock`, { inStock: true, stockQuantity: before + 10 })).status).toBe(200);
    expect((await admin.put(`/api/admin/products/${p.id}/stock`, { inStock: true, stockQuantity: before + 15 })).status).toBe(200);
    const adjusted = await sql<{ event_id: string }>(t, `select event_id from events where stream_id = ? and type = 'StockAdjusted' order by version desc limit 2`, [`product-${p.id}`]);
    const changes = await Promise.all(adjusted.reverse().map(async ({ event_id }) => shopStockChange((await t.app.get(StockAlertsReader).storedEvent(event_id))!)!));
    // Square takes the first at once and answers it a second later; the second push, made meanwhile (another
    // worker, a sweep), would be answered with a count holding both while the first still waits.
    t.square.faults.next('BatchChangeInventory', { kind: 'slow', delayMs: 1000 });
    const pushes = changes.map((change) => t.app.get(StockPushJob).push(change, systemContext()));
    expect(await pushes[1]).toBe('pushed');
    expect(await onHand(p.id)).toBe(before + 15);
    expect(await pushes[0]).toBe('pushed');
    await t.square.webhooks.settled();
    expect(await onHand(p.id)).toBe(before + 15);
    expect(await squareCount(square, p.variation)).toBe(before + 15);
  });
});
