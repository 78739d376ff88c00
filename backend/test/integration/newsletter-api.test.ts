import { MikroORM } from '@mikro-orm/core';
import { SquareClient } from 'square';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SquareCustomerJob, WelcomeEmailJob } from '../../src/newsletter';
import { UnsubscribeLinks } from '../../src/newsletter/unsubscribe-link';
import { UNSUBSCRIBE_LINK_SUBJECT } from '../../src/newsletter/unsubscribe-link.email';
import { subscriberIdOf } from '../../src/newsletter/subscriber-identity';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { systemContext } from '../../src/platform/context/request-context';
import { sentMail, waitForMail } from '../support/mailbox';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ NEWSLETTER_RATE_LIMIT_MAX: '3', NEWSLETTER_RATE_LIMIT_WINDOW_SECONDS: '60', PUBLIC_URL: 'http://shop.test', TRUST_PROXY: 'loopback' });
});
afterAll(() => t.close());

// Each test calls from its own client address (TRUST_PROXY=loopback: the app believes X-Forwarded-For from this machine), so the rate limit of 3 is per test.
let address = 0;
const client = () => {
  const ip = `198.51.100.${++address}`;
  return {
    post: (path: string, body: object | string) => t.http.post(path).set('X-Forwarded-For', ip).send(body),
  };
};

const em = () => t.app.get(MikroORM).em.fork() as EntityManager;
const count = async (sql: string, params: unknown[] = []) => ((await em().execute(sql, params))[0] as { n: number }).n;
/** What the API's calls record (the jobs' own events may land in the background meanwhile). */
const eventCount = () => count(`select count(*)::int as n from events where type in ('SubscriberJoined', 'SubscriberLeft')`);
const subscriber = async (email: string) => (await em().execute('select * from subscribers where email = ?', [email]))[0];
const relay = () => t.app.get(OutboxRelay).tick();
const mailTo = (email: string) => async () => (await sentMail(t.dataDir)).filter((m) => m.to.includes(email));

describe('POST /api/newsletter/subscribe', () => {
  it('subscribes, and the worker sends one welcome email with the code and a working unsubscribe link', async () => {
    const res = await client().post('/api/newsletter/subscribe', { email: ' Raven@Example.com ', name: null }).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Welcome to the Dark Circle!' });
    expect(await subscriber('raven@example.com')).toMatchObject({ email: 'raven@example.com', subscribed: true, name: null });

    await relay();
    const mail = await waitForMail(t.dataDir, (m) => m.to.includes('raven@example.com'));
    expect(mail.subject).toMatch(/Welcome to the Dark Circle/);
    expect(mail.raw).toContain('DARKCIRCLE10');
    expect(mail.raw).toMatch(/List-Unsubscribe:\s+<http:\/\/shop\.test\/newsletter\/unsubscribe\?token=/);
    const link = /http:\/\/shop\.test(\/newsletter\/unsubscribe\?token=[^\s"<>]+)/.exec(mail.raw)![1].replace(/&amp;/g, '&');

    // Opening the link only asks; the subscriber is still on the list.
    const page = await t.http.get(link).expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('raven@example.com');
    expect(page.text).toContain('<button type="submit">Unsubscribe</button>');
    expect((await subscriber('raven@example.com')).subscribed).toBe(true);

    const token = decodeURIComponent(new URL(link, 'http://x').searchParams.get('token')!);
    const done = await t.http.post('/newsletter/unsubscribe').type('form').send({ token }).expect(200);
    expect(done.text).toContain('You have been unsubscribed');
    expect(await subscriber('raven@example.com')).toMatchObject({ subscribed: false, left_at: expect.anything() });
    // Opening the link again says so, and a second press changes nothing.
    expect((await t.http.get(link).expect(200)).text).toContain('You are not subscribed');
    const before = await eventCount();
    await t.http.post('/newsletter/unsubscribe').type('form').send({ token }).expect(200);
    expect(await eventCount()).toBe(before);
  });

  it('treats a repeat, in any letter case, as a success that records and sends nothing new', async () => {
    const c = client();
    await c.post('/api/newsletter/subscribe', { email: 'moth@example.com', name: 'Moth' }).expect(200);
    await relay();
    await waitForMail(t.dataDir, (m) => m.to.includes('moth@example.com'));
    // Only what a subscription records is counted: the Square job may still be linking in the background.
    const joins = () => count(`select count(*)::int as n from events where type = 'SubscriberJoined' and stream_id = ?`, [`subscriber-${subscriberIdOf('moth@example.com')}`]);
    const outboxRows = () => count(`select count(*)::int as n from outbox o join events e using (event_id) where e.type = 'SubscriberJoined'`);
    const outbox = await outboxRows();

    const again = await c.post('/api/newsletter/subscribe', { email: 'MOTH@Example.COM', name: null }).expect(200);
    expect(again.body).toEqual({ success: true, message: 'Welcome to the Dark Circle!' });
    await c.post('/api/newsletter/subscribe', { email: 'moth@example.com', name: null }).expect(200);
    expect(await joins()).toBe(1);
    expect(await outboxRows()).toBe(outbox);
    expect(await mailTo('moth@example.com')()).toHaveLength(1);
    expect(await subscriber('moth@example.com')).toMatchObject({ name: 'Moth', subscribed: true });
  });

  it('keeps one subscription when the same email subscribes twice at once', async () => {
    const [a, b] = await Promise.all([client().post('/api/newsletter/subscribe', { email: 'twin@example.com' }), client().post('/api/newsletter/subscribe', { email: 'Twin@example.com' })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await count(`select count(*)::int as n from events where type = 'SubscriberJoined' and stream_id = ?`, [`subscriber-${subscriberIdOf('twin@example.com')}`])).toBe(1);
  });

  it.each([
    [{}, 'email: Please enter your email address.'],
    [{ email: '' }, 'email: Please enter your email address.'],
    [{ email: 'not-an-email' }, 'email: Please enter a valid email address.'],
    [{ email: 'a@b' }, 'email: Please enter a valid email address.'],
    [{ email: 42 }, 'email: Please enter your email address.'],
    [{ email: `${'x'.repeat(250)}@example.com` }, 'email: That email address is too long.'],
    [{ email: 'ok@example.com', name: 'Bad\u0000name' }, 'name must not contain control characters.'],
  ])('refuses %j with 400 and a message, changing nothing', async (body, message) => {
    const before = await eventCount();
    const res = await client().post('/api/newsletter/subscribe', body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message, correlationId: expect.any(String) });
    expect(await eventCount()).toBe(before);
  });
});

describe('POST /api/newsletter/unsubscribe', () => {
  it('by a bare email leaves the subscription in place and emails the subscriber a link that does unsubscribe; the same answer, and no email, for one never on it', async () => {
    const c = client();
    await c.post('/api/newsletter/subscribe', { email: 'bat@example.com' }).expect(200);
    const res = await c.post('/api/newsletter/unsubscribe', { email: 'BAT@example.com' }).expect(200);
    expect(res.body).toEqual({ success: true, message: 'If this address is on our list, we have emailed it a link to unsubscribe.' });
    expect((await subscriber('bat@example.com')).subscribed).toBe(true);

    await relay();
    const mail = await waitForMail(t.dataDir, (m) => m.to === 'bat@example.com' && m.subject === UNSUBSCRIBE_LINK_SUBJECT, 15_000);
    const token = decodeURIComponent(/http:\/\/shop\.test\/newsletter\/unsubscribe\?token=([^\s"<>&]+)/.exec(mail.raw)![1]!);
    expect((await subscriber('bat@example.com')).subscribed).toBe(true);
    await t.http.post('/newsletter/unsubscribe').type('form').send({ token }).expect(200);
    expect((await subscriber('bat@example.com')).subscribed).toBe(false);

    const before = await eventCount();
    expect((await c.post('/api/newsletter/unsubscribe', { email: 'stranger@example.com' }).expect(200)).body).toEqual(res.body);
    expect(await eventCount()).toBe(before);
    await relay();
    expect(await mailTo('stranger@example.com')()).toEqual([]);
  });

  it('emails the link at most once a day, however often it is asked for', async () => {
    await client().post('/api/newsletter/subscribe', { email: 'asked.often@example.com' }).expect(200);
    for (let i = 0; i < 3; i++) await client().post('/api/newsletter/unsubscribe', { email: 'asked.often@example.com' }).expect(200);
    await relay();
    await waitForMail(t.dataDir, (m) => m.to === 'asked.often@example.com' && m.subject === UNSUBSCRIBE_LINK_SUBJECT, 15_000);
    expect(await count(`select count(*)::int as n from events where type = 'UnsubscribeLinkRequested' and stream_id = ?`, [`subscriber-${subscriberIdOf('asked.often@example.com')}`])).toBe(
      1,
    );
    expect((await subscriber('asked.often@example.com')).subscribed).toBe(true);
  });

  it('with the signed token from an email, unsubscribes at once', async () => {
    const c = client();
    await c.post('/api/newsletter/subscribe', { email: 'token.leaver@example.com' }).expect(200);
    const token = new URL(t.app.get(UnsubscribeLinks).urlFor(subscriberIdOf('token.leaver@example.com'))).searchParams.get('token')!;
    expect((await c.post('/api/newsletter/unsubscribe', { token }).expect(200)).body).toEqual({ success: true, message: 'You have been unsubscribed.' });
    expect((await subscriber('token.leaver@example.com')).subscribed).toBe(false);
  });

  it('refuses a bad email or a forged token with 400', async () => {
    const c = client();
    expect((await c.post('/api/newsletter/unsubscribe', { email: 'nope' }).expect(400)).body.message).toMatch(/valid email/);
    expect((await c.post('/api/newsletter/unsubscribe', { token: `${'a'.repeat(32)}.forged` }).expect(400)).body.message).toBe('This unsubscribe link is not valid.');
    const page = await t.http.get(`/newsletter/unsubscribe?token=${'a'.repeat(32)}.forged`).expect(400);
    expect(page.text).toContain('This link is not valid');
    await t.http.post('/newsletter/unsubscribe').type('form').send({ token: 'x.y' }).expect(400);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After in the one error shape past the limit, per client address', async () => {
    const c = client();
    for (let i = 0; i < 3; i++) await c.post('/api/newsletter/subscribe', { email: `limit${i}@example.com` }).expect(200);
    const before = await eventCount();
    const limited = await c.post('/api/newsletter/subscribe', { email: 'limit3@example.com' }).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests from your address\. Please try again in \d+ seconds\.$/),
      correlationId: expect.any(String),
    });
    expect(await eventCount()).toBe(before);
    // Another address is not held back by this one.
    await client().post('/api/newsletter/subscribe', { email: 'limit3@example.com' }).expect(200);
  });

  it('limits unsubscribe calls too', async () => {
    const c = client();
    for (let i = 0; i < 3; i++) await c.post('/api/newsletter/unsubscribe', { email: 'x@example.com' }).expect(200);
    const res = await c.post('/api/newsletter/unsubscribe', { email: 'x@example.com' }).expect(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('jobs', () => {
  it('sends the welcome email once even when its job runs again', async () => {
    await client().post('/api/newsletter/subscribe', { email: 'once@example.com' }).expect(200);
    const job = t.app.get(WelcomeEmailJob);
    const id = subscriberIdOf('once@example.com');
    // BullMQ runs one job id at a time; a repeat is a retry or a relayed duplicate, after the first run.
    expect(await job.send(id, systemContext())).toBe('sent');
    expect(await job.send(id, systemContext())).toBe('already-sent');
    expect(await mailTo('once@example.com')()).toHaveLength(1);
  });

  /** Square's customer directory (the test's emulator), read through the SDK. */
  const squareCustomers = async (email: string) => (await t.app.get(SquareClient).customers.search({ query: { filter: { emailAddress: { exact: email } } } })).customers ?? [];

  it('adds the subscriber to Square once (search first, then create) even when the job runs twice', async () => {
    await client().post('/api/newsletter/subscribe', { email: 'square@example.com', name: 'Sq' }).expect(200);
    const job = t.app.get(SquareCustomerJob);
    const id = subscriberIdOf('square@example.com');
    await Promise.all([job.link(id, systemContext()), job.link(id, systemContext())]);
    expect(await job.link(id, systemContext())).toBe('already-linked');
    const customers = await squareCustomers('square@example.com');
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({ givenName: 'Sq', referenceId: `newsletter-${id}` });
    expect(await subscriber('square@example.com')).toMatchObject({ square_customer_id: customers[0].id });
    expect(await count(`select count(*)::int as n from events where type = 'SubscriberLinkedToSquare' and stream_id = ?`, [`subscriber-${id}`])).toBe(1);
  });

  it('links through the relayed job, and a retry after Square failed still makes one customer', async () => {
    t.square.faults.next('CreateCustomer', { kind: 'unavailable' });
    await client().post('/api/newsletter/subscribe', { email: 'retry@example.com' }).expect(200);
    const job = t.app.get(SquareCustomerJob);
    const id = subscriberIdOf('retry@example.com');
    await expect(job.link(id, systemContext())).rejects.toThrow();
    expect(await squareCustomers('retry@example.com')).toHaveLength(0);
    await relay();
    const deadline = Date.now() + 30_000;
    while (!(await subscriber('retry@example.com')).square_customer_id && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const customers = await squareCustomers('retry@example.com');
    expect(customers).toHaveLength(1);
    expect((await subscriber('retry@example.com')).square_customer_id).toBe(customers[0].id);
  });

  it('finds a customer Square already has rather than creating another', async () => {
    const existing = await t.app.get(SquareClient).customers.create({ emailAddress: 'known@example.com', givenName: 'Known' });
    await client().post('/api/newsletter/subscribe', { email: 'known@example.com' }).expect(200);
    expect(await t.app.get(SquareCustomerJob).link(subscriberIdOf('known@example.com'), systemContext())).toBe('linked');
    expect(await squareCustomers('known@example.com')).toHaveLength(1);
    expect((await subscriber('known@example.com')).square_customer_id).toBe(existing.customer!.id);
  });
});
