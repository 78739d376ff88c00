import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { AdminClient } from '../support/admin-client';
import { placeOrder } from '../support/placed-order';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
let admin: AdminClient;

beforeAll(async () => {
  t = await startTestApp({ RECOVERY_IDLE_MINUTES: '60' });
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(async () => {
  await t?.close();
});

/** Ticks the outbox relay until `done` holds (the worker in this process runs the job); fails after the deadline. */
async function untilTrue(done: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await t.app.get(OutboxRelay).tick();
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('admin products', () => {
  it('adds a product with the server reading the price as cents, and shows it in the shop', async () => {
    const added = await admin.post('/api/admin/products', {
      name: '  Bat Wing Hoodie ',
      description: 'Heavy cotton.',
      price: '64.5',
      imageUrl: '',
      category: 'Clothing',
      inStock: true,
      stockQuantity: 4,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'Bat Wing Hoodie', price: '64.50', category: 'apparel', inStock: true, stockQuantity: 4 });
    const shop = await t.http.get(`/api/products/${added.body.id}`).expect(200);
    expect(shop.body).toMatchObject({ name: 'Bat Wing Hoodie', price: '64.50', inStock: true, stockQuantity: 4 });
  });

  it('refuses bad input with a 400 naming the field, and adds nothing', async () => {
    const before = (await admin.get('/api/admin/products')).body.length;
    for (const [body, message] of [
      [{ price: '5.00' }, /name/],
      [{ name: 'X', price: '5.001' }, /price/],
      [{ name: 'X', price: '-5' }, /price/],
      [{ name: 'X', price: '5', category: 'hats' }, /category must be one of/],
      [{ name: 'X', price: '5', stockQuantity: 1.5 }, /stockQuantity/],
      [{ name: 'X\u0007', price: '5' }, /control characters/],
      [{ name: 'X', price: '5', imageUrl: 'javascript:alert(1)' }, /imageUrl/],
    ] as const) {
      const refused = await admin.post('/api/admin/products', body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
    expect((await admin.get('/api/admin/products')).body.length).toBe(before);
  });

  it('edits details and applies the stock rules: a quantity sets the flag, the toggle keeps the quantity', async () => {
    const { body: p } = await admin.post('/api/admin/products', { name: 'Moth Patch', price: '9.00', category: 'patches', stockQuantity: 2 });
    expect(p.inStock).toBe(true);
    expect((await admin.patch(`/api/admin/products/${p.id}`, { price: '11', description: 'Glow thread.' })).body).toMatchObject({ price: '11.00', description: 'Glow thread.' });
    expect((await admin.put(`/api/admin/products/${p.id}/stock`, { stockQuantity: 0 })).body).toMatchObject({ inStock: false, stockQuantity: 0 });
    expect((await admin.put(`/api/admin/products/${p.id}/stock`, { stockQuantity: 7 })).body).toMatchObject({ inStock: true, stockQuantity: 7 });
    expect((await admin.put(`/api/admin/products/${p.id}/stock`, { inStock: false, stockQuantity: 7 })).body).toMatchObject({ inStock: false, stockQuantity: 7 });
    expect((await t.http.get(`/api/products/${p.id}`).expect(200)).body).toMatchObject({ inStock: false });
    expect((await admin.put('/api/admin/products/999999/stock', { stockQuantity: 1 })).status).toBe(404);

    const history = await admin.get(`/api/admin/history/product/${p.id}`);
    expect(history.status).toBe(200);
    expect(history.body.events.map((e: { type: string }) => e.type)).toEqual(['ProductAdded', 'ProductDetailsChanged', 'VariantChanged', 'StockSet', 'StockSet', 'StockSet']);
    expect(history.body.events.every((e: { actor: string }) => e.actor === 'admin:owner@darkcircle.test')).toBe(true);
    expect(history.body.events[1].data).toEqual({ description: 'Glow thread.' });
    expect(history.body.events[2].data).toEqual({ variantId: `${p.id}-1`, changes: { priceCents: 1100 } });
  });
});

describe('admin orders', () => {
  it('lists paid orders newest first and marks one shipped, once', async () => {
    const older = await placeOrder(t, 'pickup');
    const newer = await placeOrder(t, 'shipping');
    const list = await admin.get('/api/admin/orders');
    expect(list.body.orders.map((o: { id: string }) => o.id).slice(0, 2)).toEqual([newer.orderId, older.orderId]);
    expect(list.body.orders[0]).toMatchObject({ customerName: 'Lydia Deetz', fulfillmentMethod: 'shipping', fulfilledAs: null, total: '29.00', shippingAddress: { city: 'Peaceful Pines' } });

    const shipped = await admin.post(`/api/admin/orders/${newer.orderId}/fulfil`, { trackingNumber: '9400 111' });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ fulfilledAs: 'shipped', trackingNumber: '9400 111' });
    expect((await admin.post(`/api/admin/orders/${older.orderId}/fulfil`)).body).toMatchObject({ fulfilledAs: 'picked-up' });
    await admin.post(`/api/admin/orders/${newer.orderId}/fulfil`);

    const history = await admin.get(`/api/admin/history/order/${newer.orderId}`);
    const types = history.body.events.map((e: { type: string }) => e.type);
    expect(types.filter((type: string) => type === 'OrderShipped')).toHaveLength(1);
    expect(JSON.stringify(history.body)).not.toContain('cnon:');
  });

  it('refuses to fulfil an order that does not exist', async () => {
    expect((await admin.post('/api/admin/orders/00000000-0000-4000-8000-000000000000/fulfil')).status).toBe(404);
  });
});

describe('abandoned carts and recovery emails', () => {
  async function cartWithItem(sessionId: string, email?: string): Promise<string> {
    const { body: product } = await admin.post('/api/admin/products', { name: `Skull Tote ${sessionId}`, price: '30.00', category: 'other', stockQuantity: 5 });
    const cart = await t.http.post('/api/cart').send({ sessionId }).expect(201);
    await t.http.post(`/api/cart/${cart.body.id}/items`).send({ productId: product.id, quantity: 2 }).expect(200);
    if (email) await t.http.patch(`/api/cart/${cart.body.id}/contact`).send({ name: 'Morticia', email, source: 'checkout' }).expect(200);
    return cart.body.id;
  }

  it('lists a cart once it is marked abandoned, with contact, items, total and emails sent', async () => {
    const cartId = await cartWithItem('session_recover_1', 'morticia@example.com');
    const ids = async () => (await admin.get('/api/admin/abandoned-carts')).body.map((c: { id: string }) => c.id);
    // Fresh carts are not abandoned until idle for RECOVERY_IDLE_MINUTES.
    expect(await ids()).not.toContain(cartId);
    expect((await admin.post(`/api/cart/${cartId}/abandon`)).status).toBe(200);
    const [listed] = (await admin.get('/api/admin/abandoned-carts')).body.filter((c: { id: string }) => c.id === cartId);
    expect(listed).toMatchObject({
      customerName: 'Morticia',
      customerEmail: 'morticia@example.com',
      totalAmount: '60.00',
      emailSent: false,
      recoveryEmailCount: 0,
      items: [expect.objectContaining({ quantity: 2, price: '30.00' })],
    });
    expect(listed.abandonedAt).toEqual(expect.any(String));
  });

  it('sends a recovery email through the worker, with the items and a link back to the cart', async () => {
    const cartId = await cartWithItem('session_recover_2', 'gomez@example.com');
    const asked = await admin.post(`/api/cart/${cartId}/recovery-email`);
    expect(asked.status).toBe(202);
    await untilTrue(async () => (await t.http.get('/api/cart/session_recover_2')).body.cart.recoveryEmailCount === 1, 'the recovery email');
    expect((await t.http.get('/api/cart/session_recover_2')).body.cart).toMatchObject({ emailSent: true, recoveryEmailCount: 1 });

    const files = await readdir(join(t.dataDir, 'mail'));
    const texts = await Promise.all(files.map((f) => readFile(join(t.dataDir, 'mail', f), 'utf8')));
    // The body is quoted-printable: undo its soft line breaks and its escaped '='.
    const email = texts
      .find((x) => x.includes('To: gomez@example.com'))!
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    expect(email).toContain('You left something in your Dark Circle cart');
    expect(email).toMatch(/http:\/\/localhost:\d+\/cart\/restore\?token=/);
    expect(email).toContain('Skull Tote session_recover_2');

    const mail = await admin.get('/api/admin/mail');
    expect(mail.body.some((m: { to: string; subject: string }) => m.to === 'gomez@example.com' && m.subject === 'You left something in your Dark Circle cart')).toBe(true);
    const history = await admin.get(`/api/admin/history/cart/${cartId}`);
    const sent = history.body.events.find((e: { type: string }) => e.type === 'RecoveryEmailSent');
    expect(sent.actor).toBe('worker');
    expect(history.body.events.find((e: { type: string }) => e.type === 'RecoveryEmailRequested').actor).toBe('admin:owner@darkcircle.test');
  });

  it('refuses a recovery email for a cart without an email or without items', async () => {
    const noEmail = await cartWithItem('session_recover_3');
    expect((await admin.post(`/api/cart/${noEmail}/recovery-email`)).body).toMatchObject({ statusCode: 400, code: 'NO_EMAIL' });
    const empty = await t.http.post('/api/cart').send({ sessionId: 'session_recover_4' }).expect(201);
    expect((await admin.post(`/api/cart/${empty.body.id}/abandon`)).body).toMatchObject({ statusCode: 400, code: 'EMPTY_CART' });
    expect((await admin.post('/api/cart/00000000-0000-4000-8000-000000000000/abandon')).status).toBe(404);
  });

  it('creates a test abandoned cart with sample data', async () => {
    const made = await admin.post('/api/admin/test-cart');
    expect(made.status).toBe(201);
    expect(made.body.cart).toMatchObject({ customerEmail: 't•••@darkcircle.test', abandonedAt: expect.any(String) });
    expect(made.body.items.length).toBeGreaterThan(0);
    const listed = (await admin.get('/api/admin/abandoned-carts')).body.map((c: { id: string }) => c.id);
    expect(listed).toContain(made.body.cart.id);
  });
});
