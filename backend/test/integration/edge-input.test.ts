import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO_CATALOG: 'true' });
});
afterAll(() => t.close());

const TEE = 2;
let carts = 0;
async function newCart(): Promise<{ id: string; sessionId: string }> {
  const sessionId = `session_edge_${Date.now()}_${++carts}`;
  const res = await t.http.post('/api/cart').send({ sessionId }).expect(201);
  return { id: res.body.id, sessionId };
}

const eventCount = async () => {
  const [row] = await (t.app.get(MikroORM).em.fork() as EntityManager).execute('select count(*)::int as n from events');
  return row.n as number;
};

/** The one error body, with the correlation id the response header carries. */
function expectErrorShape(res: { status: number; headers: Record<string, string>; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ statusCode: status, error: expect.any(String), code, message: expect.any(String), correlationId: res.headers['x-correlation-id'] });
  expect(res.headers['x-correlation-id']).toMatch(/.+/);
}

describe('text fields', () => {
  it.each([
    ['a NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udc00b'],
    ['a bell', 'a\u0007b'],
    ['a line break', 'Ana\nRaven'],
    ['a C1 control', 'a\u0085b'],
  ])('refuses a name holding %s with 400 and appends nothing', async (_, name) => {
    const cart = await newCart();
    const before = await eventCount();
    const res = await t.http
      .patch(`/api/cart/${cart.id}/contact`)
      .set('content-type', 'application/json')
      .send(JSON.stringify({ name, email: 'ana@example.com' }));
    expectErrorShape(res, 400, 'VALIDATION_FAILED');
    expect(res.body.message).toMatch(/name/);
    expect(await eventCount()).toBe(before);
  });

  it('accepts names in any script, emoji included', async () => {
    const cart = await newCart();
    await t.http.patch(`/api/cart/${cart.id}/contact`).send({ name: 'Ана Ворон 🦇 李', email: 'ana@example.com' }).expect(200);
    const [row] = await (t.app.get(MikroORM).em.fork() as EntityManager).execute('select customer_name from carts where id = ?', [cart.id]);
    expect(row.customer_name).toBe('Ана Ворон 🦇 李');
  });

  it('refuses a name over 200 characters', async () => {
    const cart = await newCart();
    const res = await t.http.patch(`/api/cart/${cart.id}/contact`).send({ name: 'a'.repeat(201), email: 'ana@example.com' });
    expectErrorShape(res, 400, 'VALIDATION_FAILED');
    expect(res.body.message).toBe('name: name must be at most 200 characters.');
  });

  it('refuses control characters in fields no schema names, in query strings and in field names', async () => {
    const cart = await newCart();
    const before = await eventCount();
    for (const res of [
      await t.http
        .post(`/api/cart/${cart.id}/items`)
        .set('content-type', 'application/json')
        .send(JSON.stringify({ productId: TEE, quantity: 1, price: 'x\u0000' })),
      await t.http
        .post(`/api/cart/${cart.id}/items`)
        .set('content-type', 'application/json')
        .send(JSON.stringify({ productId: TEE, quantity: 1, ['k\ud800']: 1 })),
      await t.http.get('/api/shipping/rates?total=10.00&zipCode=%00'),
    ]) {
      expectErrorShape(res, 400, 'VALIDATION_FAILED');
    }
    expect(await eventCount()).toBe(before);
  });

  it('refuses a body nested deeper than any request needs', async () => {
    const cart = await newCart();
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await t.http.post(`/api/cart/${cart.id}/items`).set('content-type', 'application/json').send(`{"productId":2,"quantity":1,"price":${deep}}`);
    expectErrorShape(res, 400, 'VALIDATION_FAILED');
    expect(res.body.message).toMatch(/nested too deeply/);
  });
});

describe("Fastify's own refusals", () => {
  it('answers a malformed URL in the one error shape', async () => {
    const res = await t.http.get('/api/cart/%E0%A4%A').set('x-correlation-id', 'probe-bad-url');
    expectErrorShape(res, 400, 'MALFORMED_URL');
    expect(res.body.correlationId).toBe('probe-bad-url');
  });

  it('answers malformed JSON, an empty JSON body and a body too large in the one error shape', async () => {
    expectErrorShape(await t.http.post('/api/cart').set('content-type', 'application/json').send('{"sessionId":'), 400, 'MALFORMED_BODY');
    expectErrorShape(await t.http.post('/api/cart').set('content-type', 'application/json').send(''), 400, 'MALFORMED_BODY');
    expectErrorShape(await t.http.post('/api/cart').send({ sessionId: 'x'.repeat(200_000) }), 413, 'BODY_TOO_LARGE');
  });

  it('answers an unsupported content type and an unknown route in the one error shape', async () => {
    expectErrorShape(await t.http.post('/api/cart').set('content-type', 'application/xml').send('<cart/>'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectErrorShape(await t.http.post('/api/nowhere').send({}), 404, 'NOT_FOUND');
  });
});

describe('ids', () => {
  it('finds a cart and an item by their upper-case UUIDs', async () => {
    const cart = await newCart();
    const added = await t.http.post(`/api/cart/${cart.id.toUpperCase()}/items`).send({ productId: TEE, quantity: 1 }).expect(200);
    expect(added.body.cart.id).toBe(cart.id);
    const itemId: string = added.body.items[0].id;
    const changed = await t.http.patch(`/api/cart/items/${itemId.toUpperCase()}`).send({ quantity: 2 }).expect(200);
    expect(changed.body.items[0]).toMatchObject({ id: itemId, quantity: 2 });
    await t.http.delete(`/api/cart/items/${itemId.toUpperCase()}`).expect(200);
  });

  it.each([
    ['15 characters', 'a'.repeat(15), 400],
    ['16 characters', 'a'.repeat(16), 404],
    ['128 characters', 'a'.repeat(128), 404],
    ['129 characters', 'a'.repeat(129), 400],
    ['a dot', 'session.1234567890', 400],
    ['a plus', 'session+1234567890', 400],
  ])('answers a session id of %s with %s', async (_, sessionId, status) => {
    const res = await t.http.get(`/api/cart/${sessionId}`);
    expectErrorShape(res, status, status === 400 ? 'VALIDATION_FAILED' : 'NOT_FOUND');
  });
});
