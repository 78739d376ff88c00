import { randomUUID } from 'node:crypto';
import { SquareClient, type Square } from 'square';
import { systemContext } from '../../src/platform/context/request-context';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { QueueRegistry } from '../../src/platform/outbox/queue.registry';
import { CatalogSync } from '../../src/square/catalog-sync/catalog-sync';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { AdminClient } from '../support/admin-client';
import { cartWith, eventCount, paidCheckout, payForCart, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { until } from '../support/until';

let t: TestApp;
let square: SquareClient;
let admin: AdminClient;

/** A sync once the jobs under way are done (as the dashboard's button runs it). */
async function sync() {
  const queue = t.app.get(QueueRegistry).get('square');
  // The schedules (the sweeps) always hold their next run: only the other jobs must be done.
  await until(async () => (await queue.getJobs(['active', 'waiting', 'delayed'])).every((job) => !job || Boolean(job.repeatJobKey)));
  return t.app.get(CatalogSync).run(systemContext());
}

/** An item of the stall's catalogue with one variation at `cents`, and `units` counted: its item and variation ids. */
async function itemInSquare(name: string, cents: number, units: number): Promise<{ itemId: string; variationId: string }> {
  const created = await square.catalog.batchUpsert({
    idempotencyKey: randomUUID(),
    batches: [
      {
        objects: [
          {
            type: 'ITEM',
            id: '#item',
            itemData: {
              name,
              description: `${name}, at the stall`,
              variations: [
                { type: 'ITEM_VARIATION', id: '#one', itemVariationData: { name: 'Regular', pricingType: 'FIXED_PRICING', priceMoney: { amount: BigInt(cents), currency: 'USD' } } },
              ],
            },
          },
        ],
      },
    ],
  });
  const real = new Map(created.idMappings!.map((m) => [m.clientObjectId!, m.objectId!]));
  const ids = { itemId: real.get('#item')!, variationId: real.get('#one')! };
  await square.inventory.batchCreateChanges({
    idempotencyKey: randomUUID(),
    changes: [
      {
        type: 'PHYSICAL_COUNT',
        physicalCount: { catalogObjectId: ids.variationId, state: 'IN_STOCK', locationId: EMULATOR_LOCATION_ID, quantity: String(units), occurredAt: new Date().toISOString() },
      },
    ],
  });
  return ids;
}

/** As the studio archives (or un-archives) an item in Square's dashboard: the item upserted at its version with `is_archived`. */
async function archiveInSquare(itemId: string, isArchived = true): Promise<void> {
  const item = (await square.catalog.object.get({ objectId: itemId })).object as Square.CatalogObject.Item;
  await square.catalog.batchUpsert({ idempotencyKey: randomUUID(), batches: [{ objects: [{ ...item, itemData: { ...item.itemData, isArchived } }] }] });
}

const productOf = async (itemId: string) => (await sql<{ id: number }>(t, 'select id from products where square_item_id = ?', [itemId]))[0]!.id;
const listed = async (productId: number) => ((await t.http.get('/api/products').expect(200)).body as { id: number }[]).some((p) => p.id === productId);
const addToCart = (cartId: string, productId: number) => t.http.post(`/api/cart/${cartId}/items`).send({ productId, quantity: 1 });

beforeAll(async () => {
  // No webhooks: each sync is the test's own (a catalogue change would start one of its own).
  t = await startTestApp({ SQUARE_SYNC_EVERY_MS: '0' });
  square = new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: t.square.url, maxRetries: 0 });
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(async () => {
  await t?.close();
});

describe('an item archived or deleted in Square stops being sold online', () => {
  it('withdraws a product whose item is archived: not listed, 404, a cart of it refused before any charge, past orders still name it; un-archived, it sells again', async () => {
    const candle = await itemInSquare('Moth Candle', 1800, 5);
    await sync();
    const productId = await productOf(candle.itemId);
    expect(await listed(productId)).toBe(true);
    const past = await paidCheckout(t, { [productId]: 1 }, 1800);
    const waiting = await cartWith(t, { [productId]: 1 });

    await archiveInSquare(candle.itemId);
    const result = await sync();

    expect(result.changes).toBeGreaterThanOrEqual(1);
    expect(await listed(productId)).toBe(false);
    expect((await t.http.get(`/api/products/${productId}`).expect(404)).body).toMatchObject({ code: 'NOT_FOUND' });
    const payments = t.square.payments().length;
    const refused = await payForCart(t, waiting.id, 1800).expect(409);
    expect(refused.body).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Moth Candle is sold out.' });
    expect(t.square.payments()).toHaveLength(payments);
    const other = await cartWith(t, {});
    expect((await addToCart(other.id, productId).expect(409)).body).toMatchObject({ code: 'OUT_OF_STOCK' });
    const order = (await admin.get(`/api/admin/orders/${past.orderId}`)).body;
    expect(JSON.stringify(order)).toContain('Moth Candle');
    const [event] = await sql<{ data: unknown }>(t, `select data from events where stream_id = ? and type = 'ProductWithdrawnInSquare'`, [`product-${productId}`]);
    expect(event!.data).toEqual({ squareItemId: candle.itemId, reason: 'archived' });
    // Once: a second sync has nothing new to record.
    const before = await eventCount(t);
    expect((await sync()).changes).toBe(0);
    expect(await eventCount(t)).toBe(before);

    await archiveInSquare(candle.itemId, false);
    expect((await sync()).changes).toBeGreaterThanOrEqual(1);

    expect(await listed(productId)).toBe(true);
    expect((await t.http.get(`/api/products/${productId}`).expect(200)).body).toMatchObject({ name: 'Moth Candle', inStock: true });
    expect((await payForCart(t, waiting.id, 1800).expect(200)).body.success).toBe(true);
  });

  it('withdraws a product whose item is deleted in Square (ListCatalog no longer returns it)', async () => {
    const pin = await itemInSquare('Gone Pin', 700, 3);
    await sync();
    const productId = await productOf(pin.itemId);
    const cart = await cartWith(t, { [productId]: 1 });

    await square.catalog.object.delete({ objectId: pin.itemId });
    const result = await sync();

    expect(result.changes).toBe(1);
    expect(await listed(productId)).toBe(false);
    await t.http.get(`/api/products/${productId}`).expect(404);
    const payments = t.square.payments().length;
    expect((await payForCart(t, cart.id, 700).expect(409)).body).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(t.square.payments()).toHaveLength(payments);
    const [event] = await sql<{ data: unknown }>(t, `select data from events where stream_id = ? and type = 'ProductWithdrawnInSquare'`, [`product-${productId}`]);
    expect(event!.data).toEqual({ squareItemId: pin.itemId, reason: 'missing' });
  });

  it('withdraws nothing when the catalogue could not be read to its last page', async () => {
    // More than one page of objects, so that the read fails half-way.
    await square.catalog.batchUpsert({
      idempotencyKey: randomUUID(),
      batches: [{ objects: Array.from({ length: 100 }, (_, i) => ({ type: 'CATEGORY', id: `#filler-${i}`, categoryData: { name: `Filler ${i}` } }) as Square.CatalogObject) }],
    });
    const hoop = await itemInSquare('Half Read Hoop', 2200, 2);
    await sync();
    const productId = await productOf(hoop.itemId);
    await square.catalog.object.delete({ objectId: hoop.itemId });
    const before = await eventCount(t);

    t.square.faults.next('ListCatalog', { kind: 'pass' });
    t.square.faults.next('ListCatalog', { kind: 'unavailable' });
    const failed = await admin.post('/api/admin/sync-square');

    expect(failed.status).toBe(502);
    expect(await eventCount(t)).toBe(before);
    expect(await listed(productId)).toBe(true);
    // Read to the end, the item is gone.
    expect((await admin.post('/api/admin/sync-square')).body.changes).toBe(1);
    expect(await listed(productId)).toBe(false);
  });

  it('withdraws a product the studio added in the admin when its item is archived in Square, and brings it back un-archived', async () => {
    const added = await admin.post('/api/admin/products', { name: 'Studio Sigil Mug', description: 'Made in the studio', category: 'other', price: '24.00', stockQuantity: 6 });
    expect(added.status).toBe(201);
    const productId = added.body.id as number;
    const itemId = async () => (await sql<{ square_item_id: string | null }>(t, 'select square_item_id from products where id = ?', [productId]))[0]!.square_item_id;
    await until(async () => {
      await t.app.get(OutboxRelay).tick();
      return (await itemId()) !== null;
    });
    await sync();
    expect(await listed(productId)).toBe(true);

    await archiveInSquare((await itemId())!);
    await sync();
    expect(await listed(productId)).toBe(false);
    const cart = await cartWith(t, {});
    await addToCart(cart.id, productId).expect(409);

    await archiveInSquare((await itemId())!, false);
    await sync();
    expect(await listed(productId)).toBe(true);
    await addToCart(cart.id, productId).expect(200);
  });

  it('sells a studio product deleted in Square again once an admin edit wrote it to Square anew', async () => {
    const added = await admin.post('/api/admin/products', { name: 'Studio Bone Comb', description: 'Carved', category: 'other', price: '14.00', stockQuantity: 3 });
    const productId = added.body.id as number;
    const itemId = async () => (await sql<{ square_item_id: string | null }>(t, 'select square_item_id from products where id = ?', [productId]))[0]!.square_item_id;
    const relayUntil = (done: () => Promise<boolean>) =>
      until(async () => {
        await t.app.get(OutboxRelay).tick();
        return done();
      });
    await relayUntil(async () => (await itemId()) !== null);
    const first = (await itemId())!;
    await square.catalog.object.delete({ objectId: first });
    await sync();
    expect(await listed(productId)).toBe(false);

    expect((await admin.patch(`/api/admin/products/${productId}`, { description: 'Carved bone' })).status).toBe(200);
    await relayUntil(async () => (await itemId()) !== first);
    await sync();

    expect(await listed(productId)).toBe(true);
    expect((await t.http.get(`/api/products/${productId}`).expect(200)).body).toMatchObject({ description: 'Carved bone', inStock: true });
  });

  it('withdraws nothing on a complete read of an empty catalogue (an account or location with no items is not the studio taking everything off sale)', async () => {
    const hood = await itemInSquare('Last Hood', 3000, 2);
    await sync();
    const productId = await productOf(hood.itemId);

    const items = [];
    for await (const object of await square.catalog.list({ types: 'ITEM' })) items.push(object.id!);
    for (const objectId of items) await square.catalog.object.delete({ objectId });
    await sync();

    expect(await listed(productId)).toBe(true);
    expect(await sql(t, `select 1 from events where stream_id = ? and type = 'ProductWithdrawnInSquare'`, [`product-${productId}`])).toHaveLength(0);
  });
});
