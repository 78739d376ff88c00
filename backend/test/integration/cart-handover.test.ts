import { Carts } from '../../src/cart';
import { Products } from '../../src/catalog';
import { APP_CONFIG, type AppConfig } from '../../src/platform/config/app-config';
import { systemContext } from '../../src/platform/context/request-context';
import { signToken } from '../../src/platform/security/signed-token';
import { addProduct, cartWith, eventCount, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * A cart handed from one browser to another (the widgets' Checkout link): whoever holds a cart's
 * session id never learns its contact, the link is a short-lived signed token, and a shopper whose
 * own cart holds items keeps them: the other cart's lines are merged in, within the stock, once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const handOverToken = async (cartId: string) => (await t.http.post(`/api/cart/${cartId}/handover`).expect(201)).body.token as string;
const lines = async (sessionId: string) =>
  ((await t.http.get(`/api/cart/${sessionId}`).expect(200)).body.items as { product: { name: string }; quantity: number }[]).map((i) => [i.product.name, i.quantity]).sort();

describe('the public cart answer', () => {
  it("never carries the contact's name or whole email, to whoever holds the session id", async () => {
    const product = await addProduct(t, { name: 'Private Veil', priceCents: 2000, stockQuantity: 5 });
    const cart = await cartWith(t, { [product]: 1 });
    const saved = await t.http.patch(`/api/cart/${cart.id}/contact`).send({ name: 'Lucy Westenra', email: 'lucy.westenra@example.com' }).expect(200);
    const read = await t.http.get(`/api/cart/${cart.sessionId}`).expect(200);
    const created = await t.http.post('/api/cart').send({ sessionId: cart.sessionId }).expect(200);
    for (const answer of [saved.body, read.body, { cart: created.body }]) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain('Lucy');
      expect(text).not.toContain('Westenra');
      expect(text).not.toContain('lucy.westenra');
      expect(answer.cart.customerEmail).toBe('l•••@example.com');
      expect(answer.cart).not.toHaveProperty('customerName');
    }
  });

  it('still knows the whole contact itself: the recovery email goes to it', async () => {
    const product = await addProduct(t, { name: 'Kept Veil', priceCents: 2000, stockQuantity: 5 });
    const cart = await cartWith(t, { [product]: 1 });
    await t.http.patch(`/api/cart/${cart.id}/contact`).send({ name: 'Mina Harker', email: 'mina.harker@example.com' }).expect(200);
    const [row] = await sql<{ customer_name: string; customer_email: string }>(t, 'select customer_name, customer_email from carts where id = ?', [cart.id]);
    expect(row).toEqual({ customer_name: 'Mina Harker', customer_email: 'mina.harker@example.com' });
  });
});

describe('the hand-over token', () => {
  it('is a short-lived signed token, not the session id', async () => {
    const product = await addProduct(t, { name: 'Token Candle', priceCents: 1500, stockQuantity: 5 });
    const cart = await cartWith(t, { [product]: 1 });
    const before = Date.now();
    const res = await t.http.post(`/api/cart/${cart.id}/handover`).expect(201);
    expect(res.body.token).not.toContain(cart.sessionId);
    const expires = Date.parse(res.body.expiresAt);
    expect(expires).toBeGreaterThan(before + 5 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    await t.http.post(`/api/cart/00000000-0000-4000-8000-000000000000/handover`).expect(404);
  });

  it.each([
    ['altered', (token: string) => token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), 'INVALID_LINK'],
    ['truncated', (token: string) => token.slice(0, -3), 'INVALID_LINK'],
    ['a session id', () => 'session_1700000000000_abcdefghijklmnop', 'INVALID_LINK'],
    ["a restore link's", (token: string) => signToken(linkSecret(), 'cart-restore', token.split('.')[0]!), 'INVALID_LINK'],
  ])('refuses a token that is %s with 400, changing nothing', async (_, spoil, code) => {
    const product = await addProduct(t, { name: 'Spoilt Candle', priceCents: 1500, stockQuantity: 5 });
    const theirs = await cartWith(t, { [product]: 1 });
    const mine = await cartWith(t, { [product]: 1 });
    const token = spoil(await handOverToken(theirs.id));
    const before = await eventCount(t);
    const res = await t.http.post('/api/cart/handover').send({ token, sessionId: mine.sessionId }).expect(400);
    expect(res.body).toMatchObject({ code, message: 'This checkout link is not valid.' });
    expect(await eventCount(t)).toBe(before);
  });

  it('refuses an expired token with 400 LINK_EXPIRED, changing nothing', async () => {
    const product = await addProduct(t, { name: 'Stale Candle', priceCents: 1500, stockQuantity: 5 });
    const theirs = await cartWith(t, { [product]: 1 });
    const mine = await cartWith(t, { [product]: 1 });
    const expired = signToken(linkSecret(), 'cart-handover', `${theirs.id}~${Math.floor(Date.now() / 1000) - 1}`);
    const before = await eventCount(t);
    const res = await t.http.post('/api/cart/handover').send({ token: expired, sessionId: mine.sessionId }).expect(400);
    expect(res.body).toMatchObject({ code: 'LINK_EXPIRED', message: expect.stringMatching(/expired/) });
    expect(await eventCount(t)).toBe(before);
  });

  it('refuses a missing token and a malformed session id with 400', async () => {
    await t.http.post('/api/cart/handover').send({}).expect(400);
    const product = await addProduct(t, { name: 'Odd Candle', priceCents: 1500, stockQuantity: 5 });
    const theirs = await cartWith(t, { [product]: 1 });
    const res = await t.http
      .post('/api/cart/handover')
      .send({ token: await handOverToken(theirs.id), sessionId: 'short' })
      .expect(400);
    expect(res.body.message).toMatch(/session id/);
  });
});

describe('following a hand-over', () => {
  it('gives the handed-over cart to a browser with no cart, or with an empty one', async () => {
    const product = await addProduct(t, { name: 'Adopted Hoop', priceCents: 3000, stockQuantity: 5 });
    const theirs = await cartWith(t, { [product]: 2 });
    const token = await handOverToken(theirs.id);
    expect((await t.http.post('/api/cart/handover').send({ token }).expect(200)).body).toEqual({ sessionId: theirs.sessionId, outcome: 'adopted', added: 0, notes: [] });
    const empty = await cartWith(t, {});
    expect((await t.http.post('/api/cart/handover').send({ token, sessionId: empty.sessionId }).expect(200)).body).toMatchObject({ sessionId: theirs.sessionId, outcome: 'adopted' });
    const unknown = `session_${Date.now()}_nocartyet000`;
    expect((await t.http.post('/api/cart/handover').send({ token, sessionId: unknown }).expect(200)).body).toMatchObject({ sessionId: theirs.sessionId, outcome: 'adopted' });
    expect(await lines(theirs.sessionId)).toEqual([['Adopted Hoop', 2]]);
  });

  it("merges the other cart's lines into a cart that holds items: the shopper keeps theirs, and the other cart is untouched", async () => {
    const mineOnly = await addProduct(t, { name: 'My Patch', priceCents: 1200, stockQuantity: 5 });
    const both = await addProduct(t, { name: 'Shared Tee', priceCents: 3200, stockQuantity: 10 });
    const theirsOnly = await addProduct(t, { name: 'Their Hoop', priceCents: 5500, stockQuantity: 5 });
    const mine = await cartWith(t, { [mineOnly]: 1, [both]: 1 });
    await t.http.patch(`/api/cart/${mine.id}/contact`).send({ name: 'Me Myself', email: 'me@example.com' }).expect(200);
    const theirs = await cartWith(t, { [both]: 2, [theirsOnly]: 1 });
    await t.http.patch(`/api/cart/${theirs.id}/contact`).send({ name: 'Someone Else', email: 'someone@example.com' }).expect(200);

    const res = await t.http
      .post('/api/cart/handover')
      .send({ token: await handOverToken(theirs.id), sessionId: mine.sessionId })
      .expect(200);
    expect(res.body).toEqual({ sessionId: mine.sessionId, outcome: 'merged', added: 3, notes: [] });
    expect(await lines(mine.sessionId)).toEqual([
      ['My Patch', 1],
      ['Shared Tee', 3],
      ['Their Hoop', 1],
    ]);
    expect(await lines(theirs.sessionId)).toEqual([
      ['Shared Tee', 2],
      ['Their Hoop', 1],
    ]);
    const [row] = await sql<{ customer_email: string; total_cents: number }>(t, 'select customer_email, total_cents from carts where id = ?', [mine.id]);
    expect(row).toEqual({ customer_email: 'me@example.com', total_cents: 1200 + 3 * 3200 + 5500 });
  });

  it('merges once: the same link again (a reload) adds nothing; what the other cart gained since is added', async () => {
    const tee = await addProduct(t, { name: 'Once Tee', priceCents: 3200, stockQuantity: 10 });
    const patch = await addProduct(t, { name: 'Once Patch', priceCents: 1200, stockQuantity: 10 });
    const mine = await cartWith(t, { [patch]: 1 });
    const theirs = await cartWith(t, { [tee]: 1 });
    const token = await handOverToken(theirs.id);
    await t.http.post('/api/cart/handover').send({ token, sessionId: mine.sessionId }).expect(200);
    const before = await eventCount(t);
    const again = await t.http.post('/api/cart/handover').send({ token, sessionId: mine.sessionId }).expect(200);
    expect(again.body).toEqual({ sessionId: mine.sessionId, outcome: 'merged', added: 0, notes: [] });
    expect(await eventCount(t)).toBe(before);
    expect(await lines(mine.sessionId)).toEqual([
      ['Once Patch', 1],
      ['Once Tee', 1],
    ]);

    // The other browser adds one more tee and hands the cart over again: only that one comes.
    await t.http.post(`/api/cart/${theirs.id}/items`).send({ productId: tee, quantity: 1 }).expect(200);
    const later = await t.http
      .post('/api/cart/handover')
      .send({ token: await handOverToken(theirs.id), sessionId: mine.sessionId })
      .expect(200);
    expect(later.body).toMatchObject({ outcome: 'merged', added: 1 });
    expect(await lines(mine.sessionId)).toEqual([
      ['Once Patch', 1],
      ['Once Tee', 2],
    ]);
  });

  it('merges within the stock: a quantity above it is lowered and a sold-out piece left out, and the answer says so', async () => {
    const scarce = await addProduct(t, { name: 'Scarce Hoop', priceCents: 5500, stockQuantity: 3 });
    const gone = await addProduct(t, { name: 'Gone Ring', priceCents: 4000, stockQuantity: 2 });
    const mine = await cartWith(t, { [scarce]: 2 });
    const theirs = await cartWith(t, { [scarce]: 2, [gone]: 1 });
    await t.app.get(Products).run(gone, { kind: 'SetStock', inStock: false, stockQuantity: 0 }, systemContext());

    const res = await t.http
      .post('/api/cart/handover')
      .send({ token: await handOverToken(theirs.id), sessionId: mine.sessionId })
      .expect(200);
    expect(res.body).toEqual({ sessionId: mine.sessionId, outcome: 'merged', added: 1, notes: ['soldout', 'lowered'] });
    expect(await lines(mine.sessionId)).toEqual([['Scarce Hoop', 3]]);
  });

  it('refuses to merge into a cart that is being paid for, with 409', async () => {
    const product = await addProduct(t, { name: 'Locked Tee', priceCents: 3200, stockQuantity: 10 });
    const mine = await cartWith(t, { [product]: 1 });
    const theirs = await cartWith(t, { [product]: 1 });
    const [line] = (await t.http.get(`/api/cart/${mine.sessionId}`).expect(200)).body.items;
    await t.app
      .get(Carts)
      .run(mine.id, { kind: 'StartCheckout', orderId: '00000000-0000-4000-8000-0000000000aa', pricedLines: [{ itemId: line.id, quantity: 1, unitPriceCents: 3200 }] }, systemContext());
    const res = await t.http
      .post('/api/cart/handover')
      .send({ token: await handOverToken(theirs.id), sessionId: mine.sessionId })
      .expect(409);
    expect(res.body.code).toBe('CHECKOUT_IN_PROGRESS');
  });
});

function linkSecret(): string {
  return t.app.get<AppConfig>(APP_CONFIG).linkSecret;
}
