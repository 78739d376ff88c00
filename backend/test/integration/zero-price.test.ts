import { randomUUID } from 'node:crypto';
import { SquareClient, type Square } from 'square';
import { Products } from '../../src/catalog';
import { systemContext } from '../../src/platform/context/request-context';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { AdminClient } from '../support/admin-client';
import { sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Nothing sells at $0.00 unless the studio chose it: a variation left at $0.00 in Square is brought
 * over by the sync but not listed or sold until the studio marks the product `allowZeroPrice`, and
 * an order Square cannot charge (a pickup of $0.00 items) is refused before anything is held.
 */
let t: TestApp;
let admin: AdminClient;
let square: SquareClient;

interface ListedProduct {
  id: number;
  name: string;
  price: string;
  priceMax: string;
  variants: { id: string; name: string; price: string }[];
}
interface AdminProduct {
  id: number;
  name: string;
  allowZeroPrice: boolean;
  variants: { id: string; name: string; price: string; stockQuantity: number }[];
}

const variation = (item: string, id: string, name: string, cents: number): Square.CatalogObject => ({
  type: 'ITEM_VARIATION',
  id,
  presentAtAllLocations: true,
  itemVariationData: { itemId: item, name, pricingType: 'FIXED_PRICING', priceMoney: { amount: BigInt(cents), currency: 'USD' }, trackInventory: true },
});

/** A sticker left at $0.00 in Square (20 counted), and a tee whose S is $0.00 and M $30.00 (5 each). */
async function seedSquare(): Promise<void> {
  const items: Square.CatalogObject[] = [
    { type: 'ITEM', id: '#sticker', presentAtAllLocations: true, itemData: { name: 'Unpriced Sticker', variations: [variation('#sticker', '#sticker-1', 'Regular', 0)] } },
    {
      type: 'ITEM',
      id: '#tee',
      presentAtAllLocations: true,
      itemData: { name: 'Half Priced Tee', variations: [variation('#tee', '#tee-s', 'S', 0), variation('#tee', '#tee-m', 'M', 3000)] },
    },
  ];
  const upserted = await square.catalog.batchUpsert({ idempotencyKey: randomUUID(), batches: [{ objects: items }] });
  const idOf = new Map(upserted.idMappings?.map((m) => [m.clientObjectId!, m.objectId!]));
  const occurredAt = new Date().toISOString();
  const count = (id: string, quantity: number): Square.InventoryChange => ({
    type: 'PHYSICAL_COUNT',
    physicalCount: { catalogObjectId: idOf.get(id)!, state: 'IN_STOCK', locationId: EMULATOR_LOCATION_ID, quantity: String(quantity), occurredAt },
  });
  await square.inventory.batchCreateChanges({ idempotencyKey: randomUUID(), changes: [count('#sticker-1', 20), count('#tee-s', 5), count('#tee-m', 5)] });
}

beforeAll(async () => {
  t = await startTestApp({ SQUARE_SYNC_EVERY_MS: '0' });
  square = new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: t.square.url, maxRetries: 0 });
  admin = await AdminClient.signIn(t.baseUrl);
  await seedSquare();
  expect((await admin.post('/api/admin/sync-square')).status).toBe(200);
});
afterAll(() => t?.close());

const listed = async () => (await t.http.get('/api/products').expect(200)).body as ListedProduct[];
const inAdmin = async (name: string) => ((await admin.call('GET', '/api/admin/products')).body as AdminProduct[]).find((p) => p.name === name)!;
const variantOf = (p: AdminProduct, name: string) => p.variants.find((v) => v.name === name)!;
let carts = 0;
const newCart = async () =>
  (
    await t.http
      .post('/api/cart')
      .send({ sessionId: `session_${Date.now()}_zero${++carts}`, totalAmount: '0.00' })
      .expect(201)
  ).body.id as string;
const add = (cartId: string, productId: number, variantId: string, quantity = 1) => t.http.post(`/api/cart/${cartId}/items`).send({ productId, variantId, quantity });

describe('a $0.00 Square variation', () => {
  it('is brought over by the sync but not listed or sold: the item of only $0.00 is not shown, the tee shows its priced size only', async () => {
    const sticker = await inAdmin('Unpriced Sticker');
    const tee = await inAdmin('Half Priced Tee');
    // The studio sees both, as they are in Square, with nothing chosen for them.
    expect(sticker).toMatchObject({ allowZeroPrice: false, variants: [{ price: '0.00', stockQuantity: 20 }] });
    expect(tee.variants.map((v) => [v.name, v.price])).toEqual([
      ['S', '0.00'],
      ['M', '30.00'],
    ]);

    const shop = await listed();
    expect(shop.find((p) => p.name === 'Unpriced Sticker')).toBeUndefined();
    await t.http.get(`/api/products/${sticker.id}`).expect(404);
    expect(shop.find((p) => p.name === 'Half Priced Tee')).toMatchObject({ price: '30.00', priceMax: '30.00', variants: [{ name: 'M', price: '30.00' }] });

    const cart = await newCart();
    expect((await add(cart, sticker.id, sticker.variants[0]!.id, 20).expect(409)).body).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect((await add(cart, tee.id, variantOf(tee, 'S').id).expect(409)).body).toMatchObject({ code: 'OUT_OF_STOCK' });
    await add(cart, tee.id, variantOf(tee, 'M').id).expect(200);
    // Nor can a checkout hold it.
    await expect(
      t.app.get(Products).run(sticker.id, { kind: 'ReserveStock', variantId: sticker.variants[0]!.id, orderId: randomUUID(), quantity: 1 }, systemContext()),
    ).rejects.toMatchObject({
      code: 'OUT_OF_STOCK',
    });
  });

  it('is listed and sold once the studio marks the product allowZeroPrice, and a later sync leaves that choice alone', async () => {
    const sticker = await inAdmin('Unpriced Sticker');
    const marked = await admin.patch(`/api/admin/products/${sticker.id}`, { allowZeroPrice: true });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ allowZeroPrice: true });

    const [row] = await sql<{ data: unknown }>(t, `select data from events where stream_id = ? and type = 'ProductDetailsChanged'`, [`product-${sticker.id}`]);
    expect(row!.data).toEqual({ allowZeroPrice: true });
    expect((await t.http.get(`/api/products/${sticker.id}`).expect(200)).body).toMatchObject({ price: '0.00', stockQuantity: 20 });
    await add(await newCart(), sticker.id, sticker.variants[0]!.id, 2).expect(200);

    expect((await admin.post('/api/admin/sync-square')).body.changes).toBe(0);
    expect(await inAdmin('Unpriced Sticker')).toMatchObject({ allowZeroPrice: true });
  });

  it('a product the studio adds at $0.00 is listed only when marked so', async () => {
    const unmarked = await admin.post('/api/admin/products', { name: 'Free Flyer', price: '0', stockQuantity: 5 });
    const marked = await admin.post('/api/admin/products', { name: 'Gift Flyer', price: '0.00', stockQuantity: 5, allowZeroPrice: true });
    expect([unmarked.status, marked.status]).toEqual([201, 201]);
    expect([unmarked.body.allowZeroPrice, marked.body.allowZeroPrice]).toEqual([false, true]);
    const names = (await listed()).map((p) => p.name);
    expect(names).toContain('Gift Flyer');
    expect(names).not.toContain('Free Flyer');
  });
});

describe('an order Square cannot charge', () => {
  it('a pickup of $0.00 items is refused before anything is held or charged', async () => {
    const sticker = await inAdmin('Unpriced Sticker');
    const cart = await newCart();
    await add(cart, sticker.id, sticker.variants[0]!.id, 3).expect(200);
    const payments = t.square.payments().length;

    const refused = await t.http
      .post('/api/square/process-payment')
      .send({
        sourceId: 'cnon:card-nonce-ok',
        amountMoney: { amount: '0', currency: 'USD' },
        customerName: 'Lucy',
        customerEmail: 'lucy@example.com',
        cartId: cart,
        fulfillmentMethod: 'pickup',
      })
      .expect(409);

    expect(refused.body).toMatchObject({ code: 'TOTAL_NOT_CHARGEABLE', message: expect.stringMatching(/comes to \$0\.00, which cannot be paid by card/) });
    expect(await sql(t, 'select id from orders where cart_id = ?', [cart])).toEqual([]);
    expect((await t.http.get(`/api/products/${sticker.id}`).expect(200)).body).toMatchObject({ stockQuantity: 20 });
    const state = await t.app.get(Products).load(sticker.id);
    expect(state.exists && state.variants[0]!.reservations).toEqual({});
    expect(t.square.payments()).toHaveLength(payments);
  });
});
