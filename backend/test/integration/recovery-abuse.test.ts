import { signToken } from '../../src/platform/security/signed-token';
import { APP_CONFIG, AppConfig } from '../../src/platform/config/app-config';
import { RecoveryAddresses } from '../../src/recovery/recovery-address';
import { stepJobId } from '../../src/recovery/recovery-sequence.job';
import { sentMail, waitForMail } from '../support/mailbox';
import { observeQueue, QueueObserver } from '../support/queue-observer';
import { cartEvents, FAST_RECOVERY, leftCart, until } from '../support/recovery-fixtures';
import { addProduct, cartWith, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Recovery emails cannot be aimed at strangers: anyone can make carts and type any address and name
 * into them, so an address gets at most one recovery email a day and one cart's sequence at a
 * time, only an address given in a checkout attempt is written to, a typed name carries nothing
 * into the email, and each unsubscribe link stops its own recipient only. On the real worker,
 * with the sequence in seconds (2 s, 5 s, 8 s) and the address's gap at its default (20 h).
 */
const WIDGET_PAGE = 'https://studio.example';
let t: TestApp;
let recovery: QueueObserver;

beforeAll(async () => {
  t = await startTestApp({ ...FAST_RECOVERY, WIDGET_ORIGINS: WIDGET_PAGE });
  recovery = observeQueue(t, 'recovery');
});
afterAll(async () => {
  await recovery?.close();
  await t?.close();
});

const mailTo = async (email: string) => (await sentMail(t.dataDir)).filter((m) => m.to === email);
/** Every step job of these carts has run: nothing more is to come from their sequences. */
const sequencesOver = (cartIds: string[]) =>
  until(async () => (await Promise.all(cartIds.map(async (id) => (await recovery.queue.getJobState(stepJobId(id, 3))) === 'completed'))).every(Boolean), 'the last steps', 30_000);
const tokenIn = (raw: string) => decodeURIComponent(/\/recovery\/unsubscribe\?token=([^"\s<>&]+)/.exec(raw)![1]!);

it('sends one email, not fifteen, when five carts name the same stranger', async () => {
  const product = await addProduct(t, { name: 'Bait Patch', priceCents: 1200, stockQuantity: 50 });
  const carts: { id: string }[] = [];
  for (let i = 0; i < 5; i++) carts.push(await leftCart(t, 'stranger@example.com', product));
  await sequencesOver(carts.map((c) => c.id));
  // Every step of every cart was asked for, and each answered: sent, or held back by the address.
  const outcomes = async () => (await Promise.all(carts.map((c) => cartEvents(t, c.id)))).flat().filter((e) => e.type === 'RecoveryEmailSent' || e.type === 'RecoveryEmailWithheld');
  await until(async () => (await outcomes()).length === 15, 'all fifteen steps answered');

  expect(await mailTo('stranger@example.com')).toHaveLength(1);
  const answered = await outcomes();
  expect(answered.filter((e) => e.type === 'RecoveryEmailSent')).toHaveLength(1);
  // The sending cart's later steps came too soon; the other carts' were not theirs to send while its sequence ran.
  const reasons = answered.filter((e) => e.type === 'RecoveryEmailWithheld').map((e) => e.data.reason);
  expect(new Set(reasons)).toEqual(new Set(['too-soon', 'another-cart']));
});

it('writes only to an address given in a checkout attempt: not one typed elsewhere, nor one a page that embeds the widgets claims', async () => {
  const product = await addProduct(t, { name: 'Quiet Veil', priceCents: 2500, stockQuantity: 50 });
  const typed = await cartWith(t, { [product]: 1 });
  await t.http.patch(`/api/cart/${typed.id}/contact`).send({ name: 'Vera', email: 'typed@example.com' }).expect(200);
  const claimed = await cartWith(t, { [product]: 1 });
  await t.http.patch(`/api/cart/${claimed.id}/contact`).set('Origin', WIDGET_PAGE).send({ name: 'Vera', email: 'claimed@example.com', source: 'checkout' }).expect(200);
  // A shopper's cart alongside, so the worker is seen to write when it may.
  const shopper = await leftCart(t, 'real.shopper@example.com', product);
  await waitForMail(t.dataDir, (m) => m.to === 'real.shopper@example.com', 15_000);
  await sequencesOver([typed.id, claimed.id]);

  expect(await mailTo('typed@example.com')).toEqual([]);
  expect(await mailTo('claimed@example.com')).toEqual([]);
  for (const cart of [typed, claimed]) expect((await cartEvents(t, cart.id)).filter((e) => e.type.startsWith('RecoveryEmail'))).toEqual([]);
  expect((await cartEvents(t, shopper.id)).filter((e) => e.type === 'RecoveryEmailSent')).toHaveLength(1);
});

it('greets by a plain first name only: a name carrying a link never reaches the email', async () => {
  const product = await addProduct(t, { name: 'Lure Ring', priceCents: 1800, stockQuantity: 50 });
  const bait = await cartWith(t, { [product]: 1 });
  const name = 'Hello friend. Your account is locked: verify at https://evil.example/login';
  await t.http.patch(`/api/cart/${bait.id}/contact`).send({ name, email: 'bait.target@example.com', source: 'checkout' }).expect(200);
  const plain = await cartWith(t, { [product]: 1 });
  await t.http.patch(`/api/cart/${plain.id}/contact`).send({ name: 'Lucy Westenra', email: 'lucy@example.com', source: 'checkout' }).expect(200);

  const mail = await waitForMail(t.dataDir, (m) => m.to === 'bait.target@example.com', 15_000);
  expect(mail.raw).not.toContain('evil.example');
  expect(mail.raw).not.toContain('account is locked');
  expect(mail.raw).toMatch(/>Hello,</);
  expect(mail.raw).toMatch(/^Hello,$/m);
  expect((await waitForMail(t.dataDir, (m) => m.to === 'lucy@example.com', 15_000)).raw).toContain('Hello Lucy,');
});

it("stops only its own recipient: one link opts out the address it was sent to, whoever the cart's contact is now", async () => {
  const first = await leftCart(t, 'first.owner@example.com');
  const email = await waitForMail(t.dataDir, (m) => m.to === 'first.owner@example.com', 15_000);
  const token = tokenIn(email.raw);
  // Someone changes the cart's contact to other addresses, then uses the link.
  for (const other of ['victim.one@example.com', 'victim.two@example.com']) {
    await t.http.patch(`/api/cart/${first.id}/contact`).send({ name: 'Morticia', email: other, source: 'checkout' }).expect(200);
    const asks = await t.http.get(`/recovery/unsubscribe?token=${encodeURIComponent(token)}`).expect(200);
    expect(asks.text).toContain('first.owner@example.com');
    expect(asks.text).not.toContain(other);
    await t.http.post('/recovery/unsubscribe').type('form').send({ token }).expect(200);
  }
  const addresses = t.app.get(RecoveryAddresses);
  expect(await addresses.optedOut('first.owner@example.com')).toBe(true);
  expect(await addresses.optedOut('victim.one@example.com')).toBe(false);
  expect(await addresses.optedOut('victim.two@example.com')).toBe(false);
});

it('honours a link from before addresses were signed only while the cart still names the address its emails went to', async () => {
  const config = t.app.get<AppConfig>(APP_CONFIG);
  const oldLink = (cartId: string) => signToken(config.linkSecret, 'recovery-unsubscribe', cartId);
  const addresses = t.app.get(RecoveryAddresses);

  const kept = await leftCart(t, 'kept.contact@example.com');
  await waitForMail(t.dataDir, (m) => m.to === 'kept.contact@example.com', 15_000);
  const honoured = await t.http
    .post('/recovery/unsubscribe')
    .type('form')
    .send({ token: oldLink(kept.id) })
    .expect(200);
  expect(honoured.text).toContain('kept.contact@example.com');
  expect(await addresses.optedOut('kept.contact@example.com')).toBe(true);

  const moved = await leftCart(t, 'moved.from@example.com');
  await waitForMail(t.dataDir, (m) => m.to === 'moved.from@example.com', 15_000);
  await t.http.patch(`/api/cart/${moved.id}/contact`).send({ name: 'Morticia', email: 'moved.to@example.com', source: 'checkout' }).expect(200);
  const page = await t.http.get(`/recovery/unsubscribe?token=${encodeURIComponent(oldLink(moved.id))}`).expect(400);
  expect(page.text).toContain('This link is out of date');
  await t.http
    .post('/recovery/unsubscribe')
    .type('form')
    .send({ token: oldLink(moved.id) })
    .expect(400);
  expect(await addresses.optedOut('moved.to@example.com')).toBe(false);
  expect(await addresses.optedOut('moved.from@example.com')).toBe(false);
});

describe('rate limits on carts and contact details', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // Each client comes through a proxy on this machine, which the shop is told to believe.
    limited = await startTestApp(
      { TRUST_PROXY: 'loopback', CART_RATE_LIMIT_PER_ADDRESS: '3', CONTACT_RATE_LIMIT_PER_ADDRESS: '3', CART_RATE_LIMIT_WINDOW_SECONDS: '3600' },
      { worker: false },
    );
  });
  afterAll(() => limited?.close());

  const from = (ip: string) => ({
    create: (n: number) =>
      limited.http
        .post('/api/cart')
        .set('X-Forwarded-For', ip)
        .send({ sessionId: `session_${ip.replace(/\./g, '_')}_limit_${n}` }),
    contact: (cartId: string, n: number) =>
      limited.http
        .patch(`/api/cart/${cartId}/contact`)
        .set('X-Forwarded-For', ip)
        .send({ name: 'Ana', email: `ana${n}@example.com`, source: 'checkout' }),
  });

  it('answers 429 with Retry-After past the carts a client address may create, and the next address goes on', async () => {
    const client = from('203.0.113.7');
    for (let i = 0; i < 3; i++) await client.create(i).expect(201);
    const refused = await client.create(3).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests from your address/) });
    await from('203.0.113.8').create(0).expect(201);
  });

  it('answers 429 with Retry-After past the contact details a client address may write, changing nothing', async () => {
    const cart = await from('203.0.113.9').create(0).expect(201);
    const client = from('203.0.113.10');
    for (let i = 0; i < 3; i++) await client.contact(cart.body.id, i).expect(200);
    const refused = await client.contact(cart.body.id, 3).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.code).toBe('RATE_LIMITED');
    // The cart's answer shows no contact (only a masked email): the cart's own row says what it holds.
    expect(await sql(limited, 'select customer_email from carts where session_id = ?', ['session_203_0_113_9_limit_0'])).toEqual([{ customer_email: 'ana2@example.com' }]);
  });
});
