import { SquareClient, type Square } from 'square';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { QueueRegistry } from '../../src/platform/outbox/queue.registry';
import { EMULATOR_ACCESS_TOKEN } from '../../src/stand-ins';
import { AdminClient } from '../support/admin-client';
import { cartWith, payForCart, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { until } from '../support/until';

let t: TestApp;
let square: SquareClient;
let admin: AdminClient;

/** Moves the outbox to the queues until the Square write-back job of the product's event `type` (the last such) is done: what it answered. */
async function writeBack(productId: number, type: string): Promise<unknown> {
  const [{ event_id: eventId }] = await sql<{ event_id: string }>(t, 'select event_id from events where stream_id = ? and type = ? order by version desc limit 1', [
    `product-${productId}`,
    type,
  ]);
  const queue = t.app.get(QueueRegistry).get('square');
  await until(async () => {
    await t.app.get(OutboxRelay).tick();
    return (await (await queue.getJob(eventId))?.isCompleted()) === true;
  });
  return (await queue.getJob(eventId))!.returnvalue;
}

/** The items of Square's catalogue named `name`, as the stall sees them. */
async function itemsNamed(name: string): Promise<Square.CatalogObject.Item[]> {
  const items: Square.CatalogObject.Item[] = [];
  for await (const object of await square.catalog.list({ types: 'ITEM' })) {
    if (object.type === 'ITEM' && !object.isDeleted && object.itemData?.name === name) items.push(object);
  }
  return items;
}

const listedIds = async () => ((await t.http.get('/api/products').expect(200)).body as { id: number }[]).map((p) => p.id);
const newCart = async () => (await cartWith(t, {})).id;
const addToCart = (cartId: string, productId: number) => t.http.post(`/api/cart/${cartId}/items`).send({ productId, quantity: 1 });
const lowStockIds = async () => ((await admin.get('/api/admin/dashboard')).body.lowStock as { productId: number }[]).map((p) => p.productId);
const adminRow = async (id: number) => ((await admin.get('/api/admin/products')).body as { id: number; status: string }[]).find((p) => p.id === id);

beforeAll(async () => {
  t = await startTestApp({ SQUARE_SYNC_EVERY_MS: '0' });
  square = new SquareClient({ token: EMULATOR_ACCESS_TOKEN, baseUrl: t.square.url, maxRetries: 0 });
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(async () => {
  await t?.close();
});

describe('a draft product', () => {
  it('is not listed, its page and GET are 404, it cannot be added to a cart, and it is not written to Square until the studio publishes it', async () => {
    const added = await admin.post('/api/admin/products', { name: 'Veil Moth Patch', description: 'Still being stitched', price: '14.00', stockQuantity: 2, status: 'draft' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'Veil Moth Patch', status: 'draft' });
    const id = added.body.id as number;
    expect((await adminRow(id))?.status).toBe('draft');

    expect(await listedIds()).not.toContain(id);
    expect((await t.http.get(`/api/products/${id}`).expect(404)).body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await addToCart(await newCart(), id).expect(404)).body).toMatchObject({ code: 'NOT_FOUND', message: `Product ${id} was not found.` });
    await t.http.post(`/api/products/${id}/variants/${id}-1/notify`).send({ email: 'mina@example.com' }).expect(404);
    // Not on sale, so not running low on the dashboard either (2 units, at LOW_STOCK_AT's 3).
    expect(await lowStockIds()).not.toContain(id);
    // The studio's edits of the draft stay in the shop too.
    expect((await admin.patch(`/api/admin/products/${id}`, { description: 'Stitched in silver' })).status).toBe(200);
    expect(await writeBack(id, 'ProductAdded')).toBe('draft');
    expect(await writeBack(id, 'ProductDetailsChanged')).toBe('draft');
    expect(await itemsNamed('Veil Moth Patch')).toEqual([]);
    expect((await sql<{ square_item_id: string | null }>(t, 'select square_item_id from products where id = ?', [id]))[0]!.square_item_id).toBeNull();

    const published = await admin.patch(`/api/admin/products/${id}`, { status: 'active' });
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('active');
    expect(await listedIds()).toContain(id);
    expect(await lowStockIds()).toContain(id);
    expect((await t.http.get(`/api/products/${id}`).expect(200)).body).toMatchObject({ name: 'Veil Moth Patch', description: 'Stitched in silver' });
    await addToCart(await newCart(), id).expect(200);

    expect(await writeBack(id, 'ProductPublished')).toBe('created');
    const [item] = await itemsNamed('Veil Moth Patch');
    expect(item?.itemData).toMatchObject({ name: 'Veil Moth Patch', description: 'Stitched in silver' });
    expect(await itemsNamed('Veil Moth Patch')).toHaveLength(1);
    expect((await sql<{ square_item_id: string }>(t, 'select square_item_id from products where id = ?', [id]))[0]!.square_item_id).toBe(item!.id);
  });

  it('is created active when the body names no status, as before drafts', async () => {
    const added = await admin.post('/api/admin/products', { name: 'Lantern Pin', price: '9.00', stockQuantity: 2 });
    expect(added.body.status).toBe('active');
    expect(await listedIds()).toContain(added.body.id);
    expect(await writeBack(added.body.id, 'ProductAdded')).toBe('created');
    expect(await itemsNamed('Lantern Pin')).toHaveLength(1);
  });

  it('refuses a status it does not know, changing nothing', async () => {
    const added = await admin.post('/api/admin/products', { name: 'Thorn Brooch', price: '12.00', stockQuantity: 1, status: 'hidden' });
    expect(added.status).toBe(400);
    expect(JSON.stringify(added.body)).toContain('status must be draft or active.');
    const rows = (await admin.get('/api/admin/products')).body as { name: string }[];
    expect(rows.some((p) => p.name === 'Thorn Brooch')).toBe(false);
  });

  it('taken back to draft: unlisted, 404, and a cart already holding it is refused at checkout (409) before any charge', async () => {
    const added = await admin.post('/api/admin/products', { name: 'Crow Skull Patch', price: '16.00', stockQuantity: 4 });
    const id = added.body.id as number;
    const cart = await cartWith(t, { [id]: 1 });

    const drafted = await admin.patch(`/api/admin/products/${id}`, { status: 'draft' });
    expect(drafted.status).toBe(200);
    expect(drafted.body.status).toBe('draft');
    expect(await listedIds()).not.toContain(id);
    await t.http.get(`/api/products/${id}`).expect(404);
    const payments = t.square.payments().length;
    const refused = await payForCart(t, cart.id, 1600).expect(409);
    expect(refused.body).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Crow Skull Patch is sold out.' });
    expect(t.square.payments()).toHaveLength(payments);
  });

  it('in Square before it went back to draft: its edits wait, and publishing it again updates its item rather than making another', async () => {
    const id = (await admin.post('/api/admin/products', { name: 'Bone Key Patch', price: '11.00', stockQuantity: 3 })).body.id as number;
    expect(await writeBack(id, 'ProductAdded')).toBe('created');
    await admin.patch(`/api/admin/products/${id}`, { status: 'draft' });
    await admin.patch(`/api/admin/products/${id}`, { description: 'Now with a skull' });
    expect(await writeBack(id, 'ProductDetailsChanged')).toBe('draft');
    expect((await itemsNamed('Bone Key Patch'))[0]?.itemData?.description).not.toBe('Now with a skull');

    await admin.patch(`/api/admin/products/${id}`, { status: 'active' });
    expect(await writeBack(id, 'ProductPublished')).toBe('updated');
    const items = await itemsNamed('Bone Key Patch');
    expect(items).toHaveLength(1);
    expect(items[0]!.itemData?.description).toBe('Now with a skull');
  });
});
