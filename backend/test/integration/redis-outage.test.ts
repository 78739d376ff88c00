import { OutboxRoutes } from '../../src/platform/outbox/outbox-routes';
import { observeQueue, QueueObserver, REDIS_PORT } from '../support/queue-observer';
import { startTestApp, TestApp } from '../support/test-app';
import { TcpProxy } from '../support/tcp-proxy';

/**
 * Redis away for a whole minute while shoppers keep writing to their carts, with the outbox relay
 * running on its own timer as it does in the shop (not ticked by the test). The outage is made by
 * cutting a TCP proxy, never by stopping the machine's Redis.
 */
const OUTAGE_MS = 60_000;
const WRITE_EVERY_MS = 2_000;
const redis = new TcpProxy('127.0.0.1', REDIS_PORT);
let t: TestApp;
let observer: QueueObserver;

beforeAll(async () => {
  const proxyPort = await redis.reserve();
  await redis.up();
  t = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${proxyPort}`, SEED_DEMO_CATALOG: 'true', OUTBOX_RELAY_INTERVAL_MS: '250' });
  // Cart activity goes to a queue here, so that every cart write puts a row in the outbox.
  t.app.get(OutboxRoutes).route('ItemAdded', { queue: 'recovery', jobName: 'cart-activity' });
  observer = observeQueue(t, 'recovery', 'cart-activity');
});
afterAll(async () => {
  await observer.close();
  await t.close();
  await redis.down();
});

const health = async () => (await t.http.get('/api/health').expect(200)).body;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it(
  'takes every cart write during a 60-second outage, and delivers each outbox row to its queue once when Redis returns',
  async () => {
    const before = await observer.jobs();
    await redis.down();
    const outageEnds = Date.now() + OUTAGE_MS;
    const statuses: number[] = [];
    for (let n = 0; Date.now() < outageEnds; n++) {
      const cart = await t.http.post('/api/cart').send({ sessionId: `session_redis_outage_${n}_${Date.now()}` });
      const write = await t.http.post(`/api/cart/${cart.body.id}/items`).send({ productId: 1 + (n % 2), quantity: 1 });
      statuses.push(cart.status, write.status);
      await sleep(WRITE_EVERY_MS);
    }
    const written = statuses.length / 2;
    expect(written).toBeGreaterThanOrEqual(25);
    expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    // A minute of retries delivered nothing and parked nothing: every row waits.
    expect(await health()).toMatchObject({ status: 'degraded', outbox: { unsent: written, dead: 0 } });

    await redis.up();
    const deadline = Date.now() + 30_000;
    while ((await health()).outbox.unsent > 0 && Date.now() < deadline) await sleep(250);
    expect(await health()).toMatchObject({ status: 'ok', outbox: { unsent: 0, dead: 0 } });
    expect(await observer.jobs()).toBe(before + written);
    // Nothing arrives twice later either (a retry of a row that was in fact delivered).
    await sleep(2_000);
    expect(await observer.jobs()).toBe(before + written);
  },
  OUTAGE_MS + 60_000,
);
