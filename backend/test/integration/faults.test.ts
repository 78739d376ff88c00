import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { OutboxRoutes } from '../../src/platform/outbox/outbox-routes';
import { observeQueue, QueueObserver, REDIS_PORT } from '../support/queue-observer';
import { startTestApp, TestApp } from '../support/test-app';
import { TcpProxy } from '../support/tcp-proxy';

/**
 * Outages made by cutting a TCP proxy between the shop and PostgreSQL or Redis (never by stopping
 * the machine's own services). Each outage is short: what matters is that it happens under traffic.
 * Redis gone for a whole minute is `redis-outage.test.ts`.
 */
const POSTGRES_PORT = 5432;
let t: TestApp;
const postgres = new TcpProxy('127.0.0.1', POSTGRES_PORT);
const redis = new TcpProxy('127.0.0.1', REDIS_PORT);
let observer: QueueObserver;

beforeAll(async () => {
  const [pgPort, redisPort] = [await postgres.reserve(), await redis.reserve()];
  await Promise.all([postgres.up(), redis.up()]);
  t = await startTestApp(
    { REDIS_URL: `redis://127.0.0.1:${redisPort}`, SEED_DEMO_CATALOG: 'true' },
    { reachDatabase: (url) => Object.assign(new URL(url), { port: String(pgPort), hostname: '127.0.0.1' }).toString() },
  );
  // Cart activity is routed to a queue here, so that real cart writes exercise the outbox.
  t.app.get(OutboxRoutes).route('ItemAdded', { queue: 'recovery', jobName: 'cart-activity' });
  observer = observeQueue(t, 'recovery', 'cart-activity');
});
afterAll(async () => {
  await observer.close();
  await t.close();
  await Promise.all([postgres.down(), redis.down()]);
});

let sessions = 0;
async function newCart(): Promise<{ id: string; sessionId: string }> {
  const sessionId = `session_fault_${Date.now()}_${++sessions}`;
  const res = await t.http.post('/api/cart').send({ sessionId });
  expect(res.status).toBe(201);
  return { id: res.body.id, sessionId };
}

/** Asks until `check` holds; the jest timeout bounds it. Never used as the assertion itself. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 250));
}

describe('PostgreSQL gone under traffic', () => {
  it('answers 503 in the one error shape while it is away, and serves again when it returns, without a restart', async () => {
    const cart = await newCart();
    await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: 2, quantity: 1 }).expect(200);

    await postgres.down();
    const during = await Promise.all([
      ...Array.from({ length: 6 }, () => t.http.get(`/api/cart/${cart.sessionId}`)),
      ...Array.from({ length: 4 }, () => t.http.post(`/api/cart/${cart.id}/items`).send({ productId: 2, quantity: 1 })),
      t.http.post('/api/cart').send({ sessionId: 'session_fault_during_outage' }),
    ]);
    for (const res of during) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'DATABASE_UNAVAILABLE',
        message: expect.stringMatching(/database/),
        correlationId: res.headers['x-correlation-id'],
      });
    }
    expect((await t.http.get('/api/health')).body).toMatchObject({ status: 'down', database: { up: false } });

    await postgres.up();
    await eventually(async () => (await t.http.get(`/api/cart/${cart.sessionId}`)).status === 200);
    const after = await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: 2, quantity: 1 }).expect(200);
    // Nothing refused during the outage was half-written: one item before, one after.
    expect(after.body.items[0].quantity).toBe(2);
    await t.http.get('/api/health').expect(200);
  });
});

describe('Redis hanging (connections accepted, nothing answered)', () => {
  it('gives rows back within the add timeout, and delivers them once when Redis answers again', async () => {
    const relay = t.app.get(OutboxRelay);
    while ((await relay.tick()) > 0);
    const before = await observer.jobs();
    await redis.down();
    await redis.up({ stalled: true });
    const cart = await newCart();
    await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: 2, quantity: 1 }).expect(200);
    // Each tick ends (the add times out, the client drops it) rather than hanging on the silent Redis.
    expect(await relay.tick()).toBe(0);
    expect(await relay.tick()).toBe(0);
    expect((await t.http.get('/api/health').expect(200)).body).toMatchObject({ status: 'degraded', outbox: { unsent: 1, dead: 0 } });

    await redis.down();
    await redis.up();
    let delivered = 0;
    await eventually(async () => (delivered += await relay.tick()) >= 1);
    expect(delivered).toBe(1);
    expect(await observer.jobs()).toBe(before + 1);
  });
});
