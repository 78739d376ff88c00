import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO_CATALOG: 'true' });
});
afterAll(() => t.close());

// From the demo catalogue: 1 Raven hoodie 68.00 (6 in stock), 2 Bat tee 32.00 (12), 3 Moth cardigan (sold out), 7 Rose hoop 55.00 (3).
const HOODIE = 1;
const TEE = 2;
const SOLD_OUT = 3;
const ROSE = 7;

let session = 0;
async function newCart(): Promise<{ id: string; sessionId: string }> {
  const sessionId = `session_${Date.now()}_${++session}`;
  const res = await t.http.post('/api/cart').send({ sessionId, totalAmount: '0.00' }).expect(201);
  return { id: res.body.id, sessionId };
}

const eventCount = async () => {
  const em = t.app.get(MikroORM).em.fork() as EntityManager;
  const [row] = await em.execute('select count(*)::int as n from events');
  return row.n as number;
};

/** A refused call answers with the one error shape and appends nothing. */
async function expectRefused(call: () => Promise<{ status: number; body: { message: string } }>, status: number, message: string | RegExp) {
  const before = await eventCount();
  const res = await call();
  expect(res.status).toBe(status);
  expect(res.body.message).toMatch(message);
  expect(await eventCount()).toBe(before);
}

describe('who caused a change', () => {
  it("records the request's correlation id and an anonymous actor in the metadata of the events it appends", async () => {
    const { id } = await newCart();
    await t.http.post(`/api/cart/${id}/items`).set('x-correlation-id', 'shopper-trace-1').send({ productId: TEE, quantity: 1 }).expect(200);

    const em = t.app.get(MikroORM).em.fork() as EntityManager;
    const rows = await em.execute('select metadata from events where stream_id = ? order by version', [`cart-${id}`]);
    expect(rows.map((r) => r.metadata)).toEqual([
      expect.objectContaining({ actor: 'anonymous', correlationId: expect.not.stringMatching('shopper-trace-1') }),
      expect.objectContaining({ actor: 'anonymous', correlationId: 'shopper-trace-1' }),
    ]);
  });
});

describe('creating and reading a cart', () => {
  it('answers 404 for a session without a cart', async () => {
    const res = await t.http.get('/api/cart/session_none_000000000').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, message: 'No cart for this session.' });
  });

  it('creates a cart with a UUID and a 0.00 total, and returns the same cart for the same session', async () => {
    const sessionId = 'session_1_abcdefghij';
    const created = await t.http.post('/api/cart').send({ sessionId, totalAmount: '0.00' }).expect(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      sessionId,
      totalAmount: '0.00',
      customerEmail: null,
      emailSent: false,
      recoveryEmailCount: 0,
      abandonedAt: null,
      version: 1,
    });
    const again = await t.http.post('/api/cart').send({ sessionId, totalAmount: '999.00' }).expect(200);
    expect(again.body.id).toBe(created.body.id);
    const read = await t.http.get(`/api/cart/${sessionId}`).expect(200);
    expect(read.body).toEqual({ cart: created.body, items: [] });
  });

  it('keeps one cart when the same session is created twice at once', async () => {
    const sessionId = 'session_race_000001';
    const [a, b] = await Promise.all([0, 1].map(() => t.http.post('/api/cart').send({ sessionId, totalAmount: '0.00' })));
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
  });

  it.each([
    [{}, /session id/],
    [{ sessionId: '' }, /session id/],
    [{ sessionId: 'has spaces in the middle' }, /session id/],
    [{ sessionId: 'session_short' }, /session id/],
    [{ sessionId: 'session.with.dots.1' }, /session id/],
    [{ sessionId: 'x'.repeat(129) }, /session id/],
  ])('refuses the body %j with 400', async (body, message) => {
    await expectRefused(() => t.http.post('/api/cart').send(body), 400, message);
  });
});

describe('items', () => {
  it('adds at the catalogue price whatever price the browser sends, and totals on the server', async () => {
    const cart = await newCart();
    const res = await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: HOODIE, quantity: 1, price: '0.01' }).expect(200);
    expect(res.body.items).toEqual([
      {
        id: expect.any(String),
        productId: HOODIE,
        variantId: `${HOODIE}-1`,
        variantName: '',
        quantity: 1,
        price: '68.00',
        product: { name: 'Raven Embroidered Hoodie', imageUrl: '/images/products/raven.svg' },
      },
    ]);
    expect(res.body.cart.totalAmount).toBe('68.00');

    const again = await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: HOODIE, quantity: 2 }).expect(200);
    expect(again.body.items).toHaveLength(1);
    expect(again.body.items[0].quantity).toBe(3);
    expect(again.body.cart.totalAmount).toBe('204.00');
  });

  it('refuses a product id past any product with 400, and answers an unknown one with 404, changing nothing', async () => {
    const cart = await newCart();
    await expectRefused(() => t.http.post(`/api/cart/${cart.id}/items`).send({ productId: 2_147_483_648, quantity: 1 }), 400, 'productId is out of range.');
    await expectRefused(() => t.http.post(`/api/cart/${cart.id}/items`).send({ productId: 999_999_999, quantity: 1 }), 404, 'Product 999999999 was not found.');
  });

  it('refuses sold-out products and quantities above stock with 409, changing nothing', async () => {
    const cart = await newCart();
    await expectRefused(() => t.http.post(`/api/cart/${cart.id}/items`).send({ productId: SOLD_OUT, quantity: 1 }), 409, 'Moth Cardigan is sold out.');
    await expectRefused(() => t.http.post(`/api/cart/${cart.id}/items`).send({ productId: ROSE, quantity: 4 }), 409, 'Only 3 of Black Rose Hoop Art left.');
    const added = await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: ROSE, quantity: 3 }).expect(200);
    await expectRefused(() => t.http.patch(`/api/cart/items/${added.body.items[0].id}`).send({ quantity: 4 }), 409, /Only 3/);
  });

  it.each([
    [{ productId: 'one', quantity: 1 }, /productId/],
    [{ productId: 1.5, quantity: 1 }, /productId/],
    [{ productId: HOODIE, quantity: 0 }, /quantity/],
    [{ productId: HOODIE, quantity: 2.5 }, /quantity/],
    [{ productId: HOODIE, quantity: 100 }, /quantity/],
    [{ productId: HOODIE, quantity: '1' }, /quantity/],
  ])('refuses the item %j with 400', async (body, message) => {
    const cart = await newCart();
    await expectRefused(() => t.http.post(`/api/cart/${cart.id}/items`).send(body), 400, message);
  });

  it('answers 404 for an unknown product or cart and 400 for a malformed cart id', async () => {
    const cart = await newCart();
    await expectRefused(() => t.http.post(`/api/cart/${cart.id}/items`).send({ productId: 999, quantity: 1 }), 404, 'Product 999 was not found.');
    await expectRefused(() => t.http.post(`/api/cart/${randomUUID()}/items`).send({ productId: HOODIE, quantity: 1 }), 404, 'That cart was not found.');
    await expectRefused(() => t.http.post('/api/cart/not-a-uuid/items').send({ productId: HOODIE, quantity: 1 }), 400, 'The cart id must be a UUID.');
  });

  it('changes quantities with PATCH and PUT, removes at 0 or below, and deletes', async () => {
    const cart = await newCart();
    await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: HOODIE, quantity: 1 }).expect(200);
    const both = await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: TEE, quantity: 1 }).expect(200);
    const [hoodieItem, teeItem] = both.body.items;

    const patched = await t.http.patch(`/api/cart/items/${hoodieItem.id}`).send({ quantity: 2 }).expect(200);
    expect(patched.body.cart.totalAmount).toBe('168.00');
    const put = await t.http.put(`/api/cart/items/${hoodieItem.id}`).send({ quantity: 1 }).expect(200);
    expect(put.body.cart.totalAmount).toBe('100.00');

    const removedByZero = await t.http.patch(`/api/cart/items/${teeItem.id}`).send({ quantity: 0 }).expect(200);
    expect(removedByZero.body.items.map((i: { id: string }) => i.id)).toEqual([hoodieItem.id]);
    expect(removedByZero.body.cart.totalAmount).toBe('68.00');

    const deleted = await t.http.delete(`/api/cart/items/${hoodieItem.id}`).expect(200);
    expect(deleted.body).toMatchObject({ cart: { totalAmount: '0.00' }, items: [] });
  });

  it('does not let a stale quantity update bring back a removed item', async () => {
    const cart = await newCart();
    const added = await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: TEE, quantity: 1 }).expect(200);
    const item = added.body.items[0].id;
    await t.http.delete(`/api/cart/items/${item}`).expect(200);
    await expectRefused(() => t.http.patch(`/api/cart/items/${item}`).send({ quantity: 3 }), 404, 'That item is no longer in the cart.');
    await expectRefused(() => t.http.delete(`/api/cart/items/${item}`), 404, 'That item is no longer in the cart.');
    expect((await t.http.get(`/api/cart/${cart.sessionId}`).expect(200)).body.items).toEqual([]);
  });

  it.each([[{ quantity: 'two' }], [{ quantity: 1.5 }], [{ quantity: 100 }], [{ quantity: -100 }], [{}]])('refuses the quantity %j with 400', async (body) => {
    const cart = await newCart();
    const added = await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: TEE, quantity: 1 }).expect(200);
    await expectRefused(() => t.http.patch(`/api/cart/items/${added.body.items[0].id}`).send(body), 400, /quantity/);
  });

  it('keeps both items when two clients add different products at the same instant', async () => {
    const cart = await newCart();
    await Promise.all([
      t.http.post(`/api/cart/${cart.id}/items`).send({ productId: HOODIE, quantity: 1 }).expect(200),
      t.http.post(`/api/cart/${cart.id}/items`).send({ productId: TEE, quantity: 2 }).expect(200),
    ]);
    const res = await t.http.get(`/api/cart/${cart.sessionId}`).expect(200);
    expect(res.body.items.map((i: { productId: number; quantity: number }) => [i.productId, i.quantity]).sort()).toEqual([
      [HOODIE, 1],
      [TEE, 2],
    ]);
    expect(res.body.cart.totalAmount).toBe('132.00');
  });
});

describe('contact details and clearing', () => {
  it('records the name and email given at checkout', async () => {
    const cart = await newCart();
    const res = await t.http.patch(`/api/cart/${cart.id}/contact`).send({ name: ' Ana Raven ', email: 'ana@example.com' }).expect(200);
    // The answer shows the email masked (anyone holding the session id reads it); the shop keeps the whole contact.
    expect(res.body.cart.customerEmail).toBe('a•••@example.com');
    const [row] = await (t.app.get(MikroORM).em.fork() as EntityManager).execute('select customer_name, customer_email from carts where id = ?', [cart.id]);
    expect(row).toEqual({ customer_name: 'Ana Raven', customer_email: 'ana@example.com' });
  });

  it.each([
    [{ name: 'Ana', email: 'not-an-email' }, /email/],
    [{ name: '', email: 'ana@example.com' }, /name/],
    [{ email: 'ana@example.com' }, /name/],
  ])('refuses the contact %j with 400', async (body, message) => {
    const cart = await newCart();
    await expectRefused(() => t.http.patch(`/api/cart/${cart.id}/contact`).send(body), 400, message);
  });

  it('clears every item', async () => {
    const cart = await newCart();
    await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: TEE, quantity: 2 }).expect(200);
    const res = await t.http.post(`/api/cart/${cart.id}/clear`).expect(200);
    expect(res.body).toMatchObject({ cart: { totalAmount: '0.00' }, items: [] });
  });
});

describe('polling', () => {
  it('answers an unchanged cart with 304 and a changed one with 200 and a new ETag', async () => {
    const cart = await newCart();
    const first = await t.http.get(`/api/cart/${cart.sessionId}`).expect(200);
    const etag = first.headers.etag;
    expect(first.headers['cache-control']).toContain('no-cache');
    const unchanged = await t.http.get(`/api/cart/${cart.sessionId}`).set('If-None-Match', etag).expect(304);
    expect(unchanged.text).toBeFalsy();

    await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: TEE, quantity: 1 }).expect(200);
    const changed = await t.http.get(`/api/cart/${cart.sessionId}`).set('If-None-Match', etag).expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body.items).toHaveLength(1);
  });

  it('takes the version the storefront holds, and refuses one that is not a whole number', async () => {
    const cart = await newCart();
    const added = await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: TEE, quantity: 1 }).expect(200);
    const read = await t.http.get(`/api/cart/${cart.sessionId}?version=${added.body.cart.version}`).expect(200);
    expect(read.body.cart.version).toBe(added.body.cart.version);
    expect(read.headers.etag).toBe(`"${cart.id}.${added.body.cart.version}"`);
    for (const version of ['abc', '-1', '1.5', '']) {
      const res = await t.http.get(`/api/cart/${cart.sessionId}?version=${version}`).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/version must be a whole number/) });
    }
  });
});

describe('GET /api/shipping/rates', () => {
  it('charges 5.00 standard below 50.00 and nothing from 50.00', async () => {
    const low = await t.http.get('/api/shipping/rates?total=32.00&zipCode=12345').expect(200);
    expect(low.body).toEqual({
      rates: {
        pickup: { name: 'Local Pickup', description: expect.any(String), delivery: '1-2 days', cost: '0.00' },
        standard: { name: 'Standard Shipping', description: expect.any(String), delivery: '5-7 business days', cost: '5.00' },
      },
      qualifiesForFreeShipping: false,
      freeShippingThreshold: '50.00',
    });
    const high = await t.http.get('/api/shipping/rates?total=50.00&zipCode=12345-6789').expect(200);
    expect(high.body).toMatchObject({ rates: { standard: { cost: '0.00' } }, qualifiesForFreeShipping: true });
  });

  it('uses the placeholder ZIP when none is given', async () => {
    await t.http.get('/api/shipping/rates?total=10.00').expect(200);
  });

  it('refuses a ZIP outside the United States and a malformed total', async () => {
    const abroad = await t.http.get('/api/shipping/rates?total=10.00&zipCode=SW1A%201AA').expect(400);
    expect(abroad.body.message).toBe('We only ship within the United States.');
    const bad = await t.http.get('/api/shipping/rates?total=ten&zipCode=12345').expect(400);
    expect(bad.body.message).toMatch(/total/);
    await t.http.get('/api/shipping/rates?zipCode=12345').expect(400);
  });
});
