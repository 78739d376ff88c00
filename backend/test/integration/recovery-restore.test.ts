import { Products } from '../../src/catalog';
import { systemContext } from '../../src/platform/context/request-context';
import { RecoveryLinks } from '../../src/recovery/recovery-links';
import { AdminClient } from '../support/admin-client';
import { waitForMail } from '../support/mailbox';
import { cartEvents, leftCart } from '../support/recovery-fixtures';
import { addProduct, cartWith, repriced } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The restore link of a recovery email: the cart comes back in any browser, brought up to date
 * with the catalogue; `CartRecovered` once; bad links get a page, never a 500. And the funnel.
 */
let t: TestApp;
let admin: AdminClient;

beforeAll(async () => {
  // The first email 1 s after abandonment; the later ones far away.
  t = await startTestApp({ RECOVERY_SCAN_EVERY: '1s', RECOVERY_IDLE: '1s', RECOVERY_SEQUENCE: '1s,1h,2h', OUTBOX_RELAY_INTERVAL_MS: '100' });
  admin = await AdminClient.signIn(t.baseUrl);
});
afterAll(() => t?.close());

const restoreLinkIn = (raw: string) => /(\/cart\/restore\?token=[^"\s<>]+)/.exec(raw)![1]!;
const setStock = (productId: number, stockQuantity: number) => t.app.get(Products).run(productId, { kind: 'SetStock', inStock: stockQuantity > 0, stockQuantity }, systemContext());
const setPrice = (productId: number, priceCents: number) => t.app.get(Products).run(productId, repriced(productId, priceCents), systemContext());

it("restores the cart in a fresh browser with today's prices and stock, notes what changed, and records the return once", async () => {
  const repriced = await addProduct(t, { name: 'Repriced Veil', priceCents: 2000, stockQuantity: 10 });
  const scarce = await addProduct(t, { name: 'Scarce Candle', priceCents: 1500, stockQuantity: 10 });
  const gone = await addProduct(t, { name: 'Gone Ring', priceCents: 4000, stockQuantity: 10 });
  const cart = await cartWith(t, { [repriced]: 1, [scarce]: 3, [gone]: 1 });
  await t.http.patch(`/api/cart/${cart.id}/contact`).send({ name: 'Lydia', email: 'lydia@example.com', source: 'checkout' }).expect(200);
  const email = await waitForMail(t.dataDir, (m) => m.to === 'lydia@example.com', 15_000);
  expect(email.raw).toContain('Scarce Candle');
  // Each line's picture is the PNG the shop draws for mail clients, and it loads.
  expect(email.raw).toMatch(new RegExp(`<img [^>]*src="http://localhost:\\d+/email-images/${scarce}\\.png"`));
  const picture = await t.http.get(`/email-images/${scarce}.png`).expect(200);
  expect(picture.headers['content-type']).toBe('image/png');
  expect(email.raw).toContain('/recovery/unsubscribe?token=');
  expect(email.raw).not.toMatch(/<img[^>]+(width="1"|height="1")/);

  await setPrice(repriced, 2400);
  await setStock(scarce, 2);
  await setStock(gone, 0);
  const link = restoreLinkIn(email.raw);
  const token = decodeURIComponent(/token=([^&]+)/.exec(link)![1]!);
  // Opening the link (a mail scanner does too) only hands the cart over: nothing is recorded.
  const followed = await t.http.get(link).expect(303);
  expect(followed.headers.location).toBe(`/cart?restore=${encodeURIComponent(token)}`);
  expect((await cartEvents(t, cart.id)).filter((e) => e.type === 'CartRecovered')).toHaveLength(0);

  // The cart page posts the token: the return is recorded and the cart brought up to date.
  const restored = await t.http.post('/api/cart/restore').send({ token }).expect(200);
  // The contact the email went to (and greeted by name) comes back for the checkout form on this device.
  expect(restored.body).toEqual({ sessionId: cart.sessionId, outcome: 'adopted', added: 0, contact: { name: 'Lydia', email: 'lydia@example.com' }, notes: ['price', 'soldout', 'lowered'] });

  const items = (await t.http.get(`/api/cart/${cart.sessionId}`).expect(200)).body.items as { product: { name: string }; quantity: number; price: string }[];
  expect(items.map((i) => [i.product.name, i.quantity, i.price]).sort()).toEqual([
    ['Repriced Veil', 1, '24.00'],
    ['Scarce Candle', 2, '15.00'],
  ]);
  expect((await t.http.post('/api/cart/restore').send({ token }).expect(200)).body).toEqual({
    sessionId: cart.sessionId,
    outcome: 'adopted',
    added: 0,
    contact: { name: 'Lydia', email: 'lydia@example.com' },
    notes: [],
  });
  expect((await cartEvents(t, cart.id)).filter((e) => e.type === 'CartRecovered')).toHaveLength(1);
});

it('merges the restored cart into the cart of a browser that holds items: the shopper keeps theirs, and the return is recorded', async () => {
  const left = await addProduct(t, { name: 'Left Shawl', priceCents: 1000, stockQuantity: 5 });
  const held = await addProduct(t, { name: 'Held Brooch', priceCents: 2500, stockQuantity: 5 });
  const restored = await cartWith(t, { [left]: 1 });
  const mine = await cartWith(t, { [held]: 1 });
  const token = new URL(t.app.get(RecoveryLinks).restoreUrl(restored.id)).searchParams.get('token')!;

  const res = await t.http.post('/api/cart/restore').send({ token, sessionId: mine.sessionId }).expect(200);
  expect(res.body).toEqual({ sessionId: mine.sessionId, outcome: 'merged', added: 1, contact: null, notes: [] });
  const names = (await t.http.get(`/api/cart/${mine.sessionId}`).expect(200)).body.items.map((i: { product: { name: string } }) => i.product.name).sort();
  expect(names).toEqual(['Held Brooch', 'Left Shawl']);
  // The same link again merges nothing more.
  expect((await t.http.post('/api/cart/restore').send({ token, sessionId: mine.sessionId }).expect(200)).body).toMatchObject({ outcome: 'merged', added: 0 });
  expect((await t.http.get(`/api/cart/${mine.sessionId}`).expect(200)).body.items).toHaveLength(2);
});

it('answers an expired or tampered link with a page that leads back to the shop', async () => {
  // No contact email: the scan leaves it alone, so the funnel below counts only its own carts.
  const cart = await cartWith(t, { [await addProduct(t, { name: 'Late Shawl', priceCents: 1000, stockQuantity: 5 })]: 1 });
  const links = t.app.get(RecoveryLinks);
  const expired = new URL(links.restoreUrl(cart.id, Date.now() - 15 * 86_400_000));
  const page = await t.http.get(`${expired.pathname}${expired.search}`).expect(410);
  expect(page.text).toContain('This link has expired');
  expect(page.text).toContain('href="/"');

  const fresh = new URL(links.restoreUrl(cart.id));
  const tampered = fresh.search.replace(/.(?=%7E|~)/i, (c) => (c === '0' ? '1' : '0'));
  for (const search of [tampered, '?token=nonsense', '?token=', '']) {
    const bad = await t.http.get(`/cart/restore${search}`).expect(400);
    expect(bad.text).toContain('This link is not valid');
  }
  const expiredToken = expired.searchParams.get('token')!;
  expect((await t.http.post('/api/cart/restore').send({ token: expiredToken }).expect(400)).body.code).toBe('LINK_EXPIRED');
  expect((await t.http.post('/api/cart/restore').send({ token: 'nonsense' }).expect(400)).body.code).toBe('INVALID_LINK');
  await t.http.post('/api/cart/restore').send({}).expect(400);
  expect((await cartEvents(t, cart.id)).filter((e) => e.type === 'CartRecovered')).toHaveLength(0);
});

it("counts abandoned, emailed and recovered carts, with the recovered orders' revenue", async () => {
  const before = (await admin.get('/api/admin/recovery/funnel?days=30')).body;
  const productId = await addProduct(t, { name: 'Funnel Tote', priceCents: 3060, stockQuantity: 10 });
  const bought = await leftCart(t, 'bought@example.com', productId);
  const ignored = await leftCart(t, 'ignored@example.com', productId);
  await waitForMail(t.dataDir, (m) => m.to === 'bought@example.com', 15_000);
  await waitForMail(t.dataDir, (m) => m.to === 'ignored@example.com', 15_000);
  const paid = await t.http
    .post('/api/square/process-payment')
    .send({
      sourceId: 'cnon:card-nonce-ok',
      amountMoney: { amount: '6120', currency: 'USD' },
      customerName: 'Bought',
      customerEmail: 'bought@example.com',
      cartId: bought.id,
      fulfillmentMethod: 'pickup',
    })
    .expect(200);
  expect(paid.body.success).toBe(true);

  const after = (await admin.get('/api/admin/recovery/funnel?days=30')).body;
  expect(after.abandoned - before.abandoned).toBe(2);
  expect(after.emailed - before.emailed).toBe(2);
  expect(after.recovered - before.recovered).toBe(1);
  expect(Number(after.recoveredRevenue) - Number(before.recoveredRevenue)).toBeCloseTo(61.2, 2);
  expect(after.recoveredRevenue).toMatch(/^\d+\.\d{2}$/);

  const listed = (await admin.get('/api/admin/abandoned-carts')).body as { id: string; state: string; recoveryEmailCount: number }[];
  expect(listed.find((c) => c.id === bought.id)).toMatchObject({ state: 'bought', recoveryEmailCount: 1 });
  expect(listed.find((c) => c.id === ignored.id)).toMatchObject({ state: 'emailed', recoveryEmailCount: 1, sequenceLength: 3 });
});

it('keeps the funnel for admins, and refuses a bad span with a 400', async () => {
  expect((await AdminClient.anonymous(t.baseUrl).get('/api/admin/recovery/funnel')).status).toBe(401);
  expect((await admin.get('/api/admin/recovery/funnel?days=0')).status).toBe(400);
  expect((await admin.get('/api/admin/recovery/funnel?days=abc')).status).toBe(400);
  expect((await admin.get('/api/admin/recovery/funnel')).body).toMatchObject({ days: 30, abandoned: expect.any(Number), recoveredRevenue: expect.any(String) });
});
