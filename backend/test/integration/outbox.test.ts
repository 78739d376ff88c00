import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EventStore } from '../../src/platform/event-store/event-store';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { OutboxRoutes } from '../../src/platform/outbox/outbox-routes';
import { systemContext } from '../../src/platform/context/request-context';
import { AdminClient } from '../support/admin-client';
import { observeQueue, QueueObserver, REDIS_PORT } from '../support/queue-observer';
import { startTestApp, TestApp } from '../support/test-app';
import { TcpProxy } from '../support/tcp-proxy';

let t: TestApp;
let proxy: TcpProxy;
let observer: QueueObserver;

beforeAll(async () => {
  proxy = new TcpProxy('127.0.0.1', REDIS_PORT);
  const port = await proxy.reserve();
  // The app reaches Redis only through the proxy, which starts down: Redis is unreachable.
  t = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, OUTBOX_MAX_ATTEMPTS: '3' });
  t.app.get(OutboxRoutes).route('GreetingSent', { queue: 'email', jobName: 'greeting' });
  observer = observeQueue(t, 'email');
});

afterAll(async () => {
  await observer.close();
  await t.close();
  await proxy.down();
});

async function tickUntilSent(relay: OutboxRelay, timeoutMs = 15000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const sent = await relay.tick();
    if (sent > 0) return sent;
    await new Promise((r) => setTimeout(r, 200));
  }
  return 0;
}

describe('transactional outbox', () => {
  it('holds an event committed while Redis is down and delivers it exactly once when Redis returns', async () => {
    const relay = t.app.get(OutboxRelay);
    const em = t.app.get(MikroORM).em.fork() as EntityManager;

    const [event] = await t.app.get(EventStore).append({ id: 'greeting-1', type: 'Greeting' }, 0, [{ type: 'GreetingSent', data: { to: 'a@b.c' } }], systemContext());

    expect(await relay.tick()).toBe(0);
    const health = await t.http.get('/api/health').expect(200);
    expect(health.body).toMatchObject({ status: 'degraded', redis: { up: false }, outbox: { unsent: 1 } });
    expect(await observer.jobs()).toBe(0);
    // The admin app lists the row that waits.
    const admin = await AdminClient.signIn(t.baseUrl);
    expect((await admin.get('/api/admin/outbox')).body).toEqual({
      backlog: { unsent: 1, oldestSeconds: expect.any(Number), dead: 0 },
      waiting: [
        expect.objectContaining({ eventId: event.eventId, eventType: 'GreetingSent', queue: 'email', jobName: 'greeting', attempts: 0, deadAt: null, createdAt: expect.any(String) }),
      ],
      dead: [],
    });

    await proxy.up();
    expect(await tickUntilSent(relay)).toBe(1);

    const job = await observer.queue.getJob(event.eventId);
    expect(job?.name).toBe('greeting');
    expect(job?.data).toMatchObject({ eventId: event.eventId, type: 'GreetingSent', data: { to: 'a@b.c' } });
    const [row] = await em.execute('select sent_at, last_error from outbox where event_id = ?', [event.eventId]);
    expect(row.sent_at).not.toBeNull();

    // A repeat (a relay that crashed between add and mark-sent) is a no-op thanks to job id = event id.
    await em.execute('update outbox set sent_at = null where event_id = ?', [event.eventId]);
    expect(await relay.tick()).toBe(1);
    expect(await relay.tick()).toBe(0);
    expect(await observer.jobs()).toBe(1);
    expect((await t.http.get('/api/health').expect(200)).body).toMatchObject({ status: 'ok', outbox: { unsent: 0 } });
  });

  it('retries a row that fails while Redis answers with backoff, parks it as dead, and keeps the rows behind it flowing', async () => {
    const relay = t.app.get(OutboxRelay);
    const em = t.app.get(MikroORM).em.fork() as EntityManager;
    const store = t.app.get(EventStore);
    // A row for a queue this shop does not have (a route removed in a later release), then a good one.
    const [bad] = await store.append({ id: 'greeting-bad', type: 'Greeting' }, 0, [{ type: 'GreetingLost', data: {} }], systemContext());
    await em.execute("insert into outbox (event_id, queue, job_name, payload) values (?, 'nowhere', 'lost', ?::jsonb)", [bad.eventId, JSON.stringify(bad)]);
    const [good] = await store.append({ id: 'greeting-2', type: 'Greeting' }, 0, [{ type: 'GreetingSent', data: { to: 'b@c.d' } }], systemContext());

    expect(await relay.tick()).toBe(1);
    expect(await observer.queue.getJob(good.eventId)).toBeDefined();
    const row = async () => (await em.execute('select attempts, last_error, dead_at, next_attempt_at > now() as waiting from outbox where event_id = ?', [bad.eventId]))[0];
    expect(await row()).toMatchObject({ attempts: 1, last_error: 'Unknown queue nowhere', dead_at: null, waiting: true });
    // Redis answered: the health report does not blame it.
    expect((await t.http.get('/api/health').expect(200)).body).toMatchObject({ status: 'ok', outbox: { unsent: 1, dead: 0 } });

    // Its backoff is not over: the next tick leaves it alone.
    expect(await relay.tick()).toBe(0);
    expect((await row()).attempts).toBe(1);

    for (const attempt of [2, 3]) {
      await em.execute('update outbox set next_attempt_at = now() where event_id = ?', [bad.eventId]);
      expect(await relay.tick()).toBe(0);
      expect((await row()).attempts).toBe(attempt);
    }
    expect((await row()).dead_at).not.toBeNull();
    expect((await t.http.get('/api/health').expect(200)).body).toMatchObject({ status: 'ok', outbox: { unsent: 0, dead: 1, oldestSeconds: null } });

    // The admin app lists it with its last error.
    const admin = await AdminClient.signIn(t.baseUrl);
    expect((await admin.get('/api/admin/outbox')).body).toEqual({
      backlog: { unsent: 0, oldestSeconds: null, dead: 1 },
      waiting: [],
      dead: [expect.objectContaining({ eventId: bad.eventId, eventType: 'GreetingLost', queue: 'nowhere', attempts: 3, lastError: 'Unknown queue nowhere', deadAt: expect.any(String) })],
    });

    // The operator puts it back (after fixing its cause: here, by pointing it at a real queue), from the admin app.
    await em.execute("update outbox set queue = 'email' where event_id = ?", [bad.eventId]);
    expect(await admin.post('/api/admin/outbox/retry-dead')).toMatchObject({ status: 200, body: { retried: 1 } });
    expect(await relay.tick()).toBe(1);
    expect((await observer.queue.getJob(bad.eventId))?.name).toBe('lost');
    expect((await t.http.get('/api/health').expect(200)).body).toMatchObject({ outbox: { unsent: 0, dead: 0 } });
  });

  it('keeps the shop answering while Redis is unreachable', async () => {
    await proxy.down();
    await t.http.get('/api/products').expect(200);
    const health = await t.http.get('/api/health').expect(200);
    expect(health.body).toMatchObject({ status: 'degraded', database: { up: true }, redis: { up: false } });
  });
});
