import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { loadSettings } from '../../src/platform/config/app-config';
import { waitForMail } from '../support/mailbox';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * On Redis Cluster a BullMQ queue's keys must share one slot: QUEUE_PREFIX in braces (`{dc}`) is
 * a hash tag that puts every key of the shop there. Jobs run as with a plain prefix.
 */
const prefix = `{dc-test-${randomBytes(4).toString('hex')}}`;
let t: TestApp;
const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true });
beforeAll(async () => {
  t = await startTestApp({ QUEUE_PREFIX: prefix, PUBLIC_URL: 'http://shop.test' });
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await t.close();
});

it('takes a Redis Cluster hash tag as the prefix', () => {
  expect(loadSettings({ QUEUE_PREFIX: '{dc}' }).QUEUE_PREFIX).toBe('{dc}');
  for (const bad of ['{dc', 'dc}', '{}', '{d c}', 'dc:{x}', '{{dc}}']) expect(() => loadSettings({ QUEUE_PREFIX: bad })).toThrow(/QUEUE_PREFIX/);
});

it('runs a job end to end under a hash-tag prefix, every key under the tag', async () => {
  await t.http.post('/api/newsletter/subscribe').send({ email: 'cluster@example.com' }).expect(200);
  await t.app.get(OutboxRelay).tick();

  const mail = await waitForMail(t.dataDir, (m) => m.to.includes('cluster@example.com'));

  expect(mail.subject).toMatch(/Welcome to the Dark Circle/);
  const keys = await redis.keys(`${prefix}:email:*`);
  expect(keys.length).toBeGreaterThan(0);
  // The rate limit's counters too: all under the tag.
  expect(await redis.keys(`${prefix}:rate-limit:*`)).not.toEqual([]);
});
