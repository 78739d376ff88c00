import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { SquareClient } from 'square';
import { Products } from '../../src/catalog';
import { systemContext } from '../../src/platform/context/request-context';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { CatalogSync } from '../../src/square/catalog-sync/catalog-sync';
import { StockPushSweep } from '../../src/square/stock/stock-push-sweep.job';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { AdminClient } from '../support/admin-client';
import { observeQueue, REDIS_PORT } from '../support/queue-observer';
import { addProduct, cartWith, payForCart, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { picturesCopied } from '../support/square-pictures';
import { relayUntil } from '../support/relay-until';

/**
 * Every stock change of the shop reaches Square's count, whatever happens to its job, to Redis or
 * to Square; an admin's change of a followed variant is Square's too; and what Square refuses for
 * good, or a refund's units for a variant no longer sold, is shown to the studio. The sweep re-drives
 * changes waiting 2 s (as STOCK_PUSH_SWEEP_AFTER says in production, 2 min), the alerts name those
 * waiting 3 s; the emulator's faults make Square fail, and deleting the app's own Redis keys (its
 * queue prefix, nobody else's) loses its jobs and schedules as a Redis restart would.
 */
let t: TestApp;
let square: SquareClient;
let admin: AdminClient;
let linked: { id: number; variation: string; priceCents: number }[];

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not so within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function squareCount(variation: string): Promise<number> {
  const page = await square.inventory.batchGetCounts({ catalogObjectIds: [variation], locationIds: [EMULATOR_LOCATION_ID], states: ['IN_STOCK'] });
  return Number(page.data[0]?.quantity ?? 0);
}

const recount = (variation: string, quantity: number) =>
  square.inventory.batchCreateChanges({
    idempotencyKey: randomUUID(),
    changes: [
      {
        type: 'PHYSICAL_COUNT',
        physicalCount: { catalogObjectId: variation, state: 'IN_STOCK', locationId: EMULATOR_LOCATION_ID, quantity: String(quantity), occurredAt: new Date().toISOString() },
      },
    ],
  });

const onHand = async (id: number, variantId = `${id}-1`) =>
  (await sql<{ stock_quantity: number }>(t, 'select stock_quantity from product_variants where id = ?', [variantId]))[0]!.stock_quantity;
const eventsOf = async (id: number, type: string) =>
  sql<{ data: Record<string, unknown> }>(t, 'select data from events where stream_id = ? and type = ? order by version', [`product-${id}`, type]);
const alerts = async () => {
  const answer = await admin.get('/api/admin/stock-alerts');
  if (answer.status !== 200) throw new Error(`stock alerts: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.alerts as { kind: string; productId: number; name: string; alert: string | null; message: string }[];
};
const health = async () => (await t.http.get('/api/health')).body as { status: string; alerts: { source: string; message: string }[] };

/** Everything this app keeps in Redis (its queue prefix): its jobs and its schedules, as a restart of a Redis that keeps nothing on disk loses them. */
async function loseRedisKeys(): Promise<number> {
  const redis = new Redis({ host: '127.0.0.1', port: REDIS_PORT });
  try {
    let cursor = '0';
    let deleted = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${t.queuePrefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}

beforeAll(async () => {
  t = await startTestApp({ SQUARE_SYNC_EVERY_MS: '0', STOCK_PUSH_SWEEP_AFTER: '2s', STOCK_PUSH_ALERT_AFTER: '3s' }, { squareWebhooks: {} });
  square = new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: t.square.url, maxRetries: 0 });
  await t.app.get(CatalogSync).run(systemContext());
  // Its pictures are copied in the background: done before the test counts what it records.
  await picturesCopied(t);
  const rows = await sql<{ id: number; square_variation_id: string; price_cents: number }>(
    t,
    `select p.id, v.square_variation_id, v.price_cents from products p join product_variants v on v.product_id = p.id
      where v.square_variation_id is not null and (select count(*) from product_variants w where w.product_id = p.id) = 1 order by p.id limit 4`,
  );
  linked = rows.map((r) => ({ id: r.id, variation: r.square_variation_id, priceCents: r.price_cents }));
  admin = await AdminClient.signIn(t.baseUrl);
});
afterEach(() => t.square.faults.clear());
afterAll(async () => {
  await t?.close();
});

describe('the durable re-drive of online stock changes', () => {
  it("sends the studio's stock change whose job was lost with Redis while Square's inventory API was down: the schedule comes back, the dashboard and health say so meanwhile, and Square counts it once", async () => {
    const p = linked[0]!;
    await recount(p.variation, 5);
    await until(async () => (await onHand(p.id)) === 5);
    t.square.faults.next('BatchChangeInventory', { kind: 'unavailable' }, 100);
    // The studio's own change (a sale is paid through its Square order, which moves Square's count itself).
    expect((await admin.put(`/api/admin/products/${p.id}/variants/${p.id}-1/stock`, { stockQuantity: 4 })).status).toBe(200);
    const squareJobs = observeQueue(t, 'square', 'stock-push');
    try {
      // The job is sent, fails (Square is down) and waits for its retry: then Redis loses everything.
      await relayUntil(t, async () => (await squareJobs.jobs()) === 1 && (t.square.faults.pending().BatchChangeInventory?.length ?? 100) < 100);
    } finally {
      await squareJobs.queue.close();
    }
    expect(await loseRedisKeys()).toBeGreaterThan(0);
    expect(await t.app.get(OutboxRelay).tick()).toBe(0);

    // Past STOCK_PUSH_ALERT_AFTER the studio is told, on the dashboard and in /api/health, naming the product.
    const [{ name }] = await sql<{ name: string }>(t, 'select name from products where id = ?', [p.id]);
    await until(async () => (await alerts()).some((a) => a.kind === 'not-sent-to-square' && a.productId === p.id));
    expect((await alerts()).find((a) => a.kind === 'not-sent-to-square' && a.productId === p.id)!.message).toContain(name);
    const degraded = await health();
    expect(degraded.status).toBe('degraded');
    expect(degraded.alerts).toContainEqual({ source: 'stock', message: expect.stringContaining(name) });
    expect(await squareCount(p.variation)).toBe(5);
    // The change waits in the sweep's list.
    const waiting = await sql<{ event_id: string }>(t, 'select event_id from stock_unpushed where product_id = ?', [p.id]);
    expect(waiting).toHaveLength(1);

    // Square comes back: the sweep (its schedule registered again after Redis lost it) sends the change.
    t.square.faults.clear();
    await until(async () => (await squareCount(p.variation)) === 4);
    await until(async () => (await eventsOf(p.id, 'StockPushedToSquare')).length === 1);
    await t.square.webhooks.settled();
    expect(await onHand(p.id)).toBe(4);
    expect((await alerts()).some((a) => a.productId === p.id)).toBe(false);
    expect((await health()).alerts).toEqual([]);
    const schedules = observeQueue(t, 'square');
    try {
      expect(await schedules.queue.getJobScheduler('stock-push-sweep')).toBeDefined();
    } finally {
      await schedules.queue.close();
    }
  }, 60_000);

  it('moves Square once when the first push got there but its answer was lost: asked again with the same key (by the sweep, or by the webhook of its count)', async () => {
    const p = linked[1]!;
    await recount(p.variation, 5);
    await until(async () => (await onHand(p.id)) === 5);
    // Square takes the adjustment, the answer never arrives; then every retry fails until the job is gone with Redis.
    t.square.faults.next('BatchChangeInventory', { kind: 'drop' });
    t.square.faults.next('BatchChangeInventory', { kind: 'unavailable' }, 100);
    expect((await admin.put(`/api/admin/products/${p.id}/variants/${p.id}-1/stock`, { stockQuantity: 4 })).status).toBe(200);
    // The dropped push has gone (the webhook of its count fails too: it asks Square for the change first).
    await relayUntil(t, async () => !(t.square.faults.pending().BatchChangeInventory ?? []).some((fault) => fault.kind === 'drop'));
    expect(await squareCount(p.variation)).toBe(4);
    await loseRedisKeys();
    t.square.faults.clear();

    await until(async () => (await eventsOf(p.id, 'StockPushedToSquare')).length === 1);
    expect(await squareCount(p.variation)).toBe(4);
    // Nothing is left to send: another sweep sends nothing.
    expect(await t.app.get(StockPushSweep).sweep(systemContext())).toEqual({ pushed: 0, refused: 0, failed: 0 });
    expect(await squareCount(p.variation)).toBe(4);
  }, 60_000);
});

describe("the studio's stock change of a variant Square counts", () => {
  it('is written to Square: restock 2 -> 12, then one online sale, and the shop and Square both read 11', async () => {
    const p = linked[2]!;
    await recount(p.variation, 2);
    await until(async () => (await onHand(p.id)) === 2);
    const answer = await admin.put(`/api/admin/products/${p.id}/variants/${p.id}-1/stock`, { stockQuantity: 12 });
    expect(answer.status).toBe(200);
    expect(answer.body.variants[0]).toMatchObject({ stockQuantity: 12 });
    // A count from Square arriving before the adjustment reached it (the stall's own recount of what it had) does not undo it.
    await recount(p.variation, 2);
    await t.square.webhooks.settled();
    expect(await onHand(p.id)).toBe(12);

    const cart = await cartWith(t, { [p.id]: 1 });
    expect((await payForCart(t, cart.id, p.priceCents).expect(200)).body.success).toBe(true);
    // The sale is paid through its Square order, which takes the unit off Square's count: only the adjustment is pushed.
    await relayUntil(t, async () => (await eventsOf(p.id, 'StockPushedToSquare')).length === 1 && (await squareCount(p.variation)) === 11);
    await t.square.webhooks.settled();
    expect(await squareCount(p.variation)).toBe(11);
    expect(await onHand(p.id)).toBe(11);
    expect((await t.http.get(`/api/products/${p.id}`).expect(200)).body).toMatchObject({ stockQuantity: 11 });
    expect((await eventsOf(p.id, 'StockAdjusted')).map((e) => e.data)).toEqual([expect.objectContaining({ quantity: 10, stockQuantity: 12, change: 'adjusted:1' })]);
    // Those waiting for it are emailed, as for any restock: the adjustment goes to the back-in-stock job as well as to Square.
    const routed = await sql<{ job: string }>(
      t,
      `select o.queue || '/' || o.job_name as job from outbox o join events e on e.event_id = o.event_id where e.stream_id = ? and e.type = 'StockAdjusted' order by 1`,
      [`product-${p.id}`],
    );
    expect(routed.map((r) => r.job)).toEqual(['email/back-in-stock', 'square/stock-push']);
  }, 60_000);

  it('is written to Square from the older whole-product route too, by the units it moves', async () => {
    const p = linked[3]!;
    await recount(p.variation, 6);
    await until(async () => (await onHand(p.id)) === 6);
    expect((await admin.put(`/api/admin/products/${p.id}/stock`, { stockQuantity: 4 })).status).toBe(200);
    await relayUntil(t, async () => (await squareCount(p.variation)) === 4);
    await until(async () => (await eventsOf(p.id, 'StockPushedToSquare')).length === 1);
    await t.square.webhooks.settled();
    expect(await onHand(p.id)).toBe(4);
  }, 60_000);
});

describe('what Square refuses for good', () => {
  it('records a push to a variation deleted in Square, shows it to the studio, never retries it, and lets the studio dismiss it', async () => {
    const id = await addProduct(t, { name: `Gone Tee ${randomUUID().slice(0, 6)}`, priceCents: 2000, stockQuantity: 3 });
    // The variant follows a variation Square no longer has (deleted at Square after the link).
    await t.app
      .get(Products)
      .run(id, { kind: 'LinkToSquare', squareItemId: 'GONE-ITEM', variations: [{ variantId: `${id}-1`, squareVariationId: 'GONEVARIATION000000000001' }] }, systemContext());
    // The studio's own change (a sale is paid through its Square order, and goes as an ad hoc line when Square has no such variation).
    expect((await admin.put(`/api/admin/products/${id}/variants/${id}-1/stock`, { stockQuantity: 2 })).status).toBe(200);
    await relayUntil(t, async () => (await eventsOf(id, 'StockPushRefused')).length === 1);
    expect((await eventsOf(id, 'StockPushRefused'))[0]!.data).toMatchObject({ variantId: `${id}-1`, quantity: -1, status: 404, code: 'NOT_FOUND' });
    const refused = (await alerts()).find((a) => a.kind === 'push-refused' && a.productId === id)!;
    expect(refused.message).toMatch(/Square refused the studio's stock change .* 404 NOT_FOUND.*Change the count in Square/);
    // Not waiting any more: the sweep leaves it, and nothing is shown as "not sent".
    expect(await sql(t, 'select 1 from stock_unpushed where product_id = ?', [id])).toEqual([]);
    expect(await t.app.get(StockPushSweep).sweep(systemContext())).toEqual({ pushed: 0, refused: 0, failed: 0 });
    expect((await eventsOf(id, 'StockPushRefused')).length).toBe(1);

    const dismissed = await admin.post('/api/admin/stock-alerts/dismiss', { productId: id, variantId: `${id}-1`, alert: refused.alert });
    expect(dismissed.status).toBe(204);
    expect((await alerts()).some((a) => a.productId === id)).toBe(false);
    expect((await admin.post('/api/admin/stock-alerts/dismiss', { productId: id, variantId: `${id}-1`, alert: refused.alert })).status).toBe(204);
    expect((await eventsOf(id, 'StockAlertDismissed')).length).toBe(1);
  }, 60_000);

  it('puts no refunded units on a variant no longer sold: the refund goes through and the studio is told which units to put away', async () => {
    const id = await addProduct(t, { name: `Retired Pin ${randomUUID().slice(0, 6)}`, priceCents: 1500, stockQuantity: 3 });
    const cart = await cartWith(t, { [id]: 1 });
    expect((await payForCart(t, cart.id, 1500).expect(200)).body.success).toBe(true);
    const [order] = await sql<{ id: string }>(t, 'select id from orders where cart_id = ?', [cart.id]);
    // The studio replaces the variant sold (a new one without an id; the old one is no longer sold).
    const edited = await admin.call('PATCH', `/api/admin/products/${id}`, { options: [], variants: [{ options: {}, price: '15.00', stockQuantity: 5 }] });
    expect(edited.status).toBe(200);
    const refund = await admin.post(`/api/admin/orders/${order!.id}/refunds`, { lines: [{ itemId: 0, quantity: 1, restock: true }], reason: 'Returned' });
    expect(refund.status).toBe(201);
    await relayUntil(t, async () => (await eventsOf(id, 'RestockRefused')).length === 1);
    expect(await onHand(id, `${id}-1`)).toBe(2);
    expect((await eventsOf(id, 'StockRestocked')).length).toBe(0);
    const notice = (await alerts()).find((a) => a.kind === 'restock-refused' && a.productId === id)!;
    expect(notice.message).toMatch(/is no longer sold: 1 refunded unit\(s\) of order .* were not put back on the shelf/);
  }, 60_000);
});
