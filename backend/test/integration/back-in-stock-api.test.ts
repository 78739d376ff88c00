import { MikroORM } from '@mikro-orm/core';
import { Queue } from 'bullmq';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Products } from '../../src/catalog';
import { systemContext } from '../../src/platform/context/request-context';
import { BackInStockEmailJob } from '../../src/back-in-stock/back-in-stock-email.job';
import { RequestLinks } from '../../src/back-in-stock/request-links';
import { requestIdOf } from '../../src/back-in-stock/request-identity';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { AdminClient } from '../support/admin-client';
import { REDIS_PORT } from '../support/queue-observer';
import { sentMail, waitForMail, type SentMail } from '../support/mailbox';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
let admin: AdminClient;
let emailQueue: Queue;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'loopback', BACK_IN_STOCK_RATE_LIMIT_MAX: '5', BACK_IN_STOCK_RATE_LIMIT_WINDOW_SECONDS: '60' });
  admin = await AdminClient.signIn(t.baseUrl);
  emailQueue = new Queue('email', { connection: { host: '127.0.0.1', port: REDIS_PORT }, prefix: t.queuePrefix });
});
afterAll(async () => {
  await emailQueue?.close();
  await t?.close();
});

// Each client calls from its own address (TRUST_PROXY=loopback: the app believes X-Forwarded-For from this machine), so the rate limit is per client.
let address = 0;
const client = () => {
  const ip = `203.0.113.${++address}`;
  return (productId: number, variantId: string, body: object) => t.http.post(`/api/products/${productId}/variants/${variantId}/notify`).set('X-Forwarded-For', ip).send(body);
};
const ask = (productId: number, variantId: string, email: string) => client()(productId, variantId, { email });

const em = () => t.app.get(MikroORM).em.fork() as EntityManager;
const count = async (sql: string, params: unknown[] = []) => ((await em().execute(sql, params))[0] as { n: number }).n;
const requestEvents = () => count(`select count(*)::int as n from events where stream_type = 'BackInStockRequest'`);
const relay = () => t.app.get(OutboxRelay).tick();

/** Ticks the relay until `done` holds (this process's worker runs the jobs); fails after the deadline. */
async function until(done: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await relay();
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Until the outbox holds nothing unsent and the email queue is idle: every job the events so far called for has run. */
async function settled(): Promise<void> {
  await until(async () => (await count('select count(*)::int as n from outbox where sent_at is null')) === 0, 'the outbox to empty');
  await until(async () => {
    const jobs = await emailQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(jobs).every((n) => n === 0);
  }, 'the email queue to idle');
}

const isConfirmation = (email: string) => (m: SentMail) => m.to === email && m.subject.startsWith('Confirm:');
const isBackInStock = (email: string) => (m: SentMail) => m.to === email && m.subject.startsWith('Back in stock:');
const mails = async (match: (m: SentMail) => boolean) => (await sentMail(t.dataDir)).filter(match);
const linkIn = (mail: SentMail, path: string) => new RegExp(`https?://[^/\\s"<>]+(${path}\\?token=[^\\s"<>]+)`).exec(mail.raw)![1]!.replace(/&amp;/g, '&');
const tokenOf = (link: string) => new URL(link, 'http://shop').searchParams.get('token')!;

/** What the confirmation email's reader does: opens its link (a page that only asks), then presses the page's button. */
async function confirmFrom(mail: SentMail) {
  const link = linkIn(mail, '/back-in-stock/confirm');
  const page = await t.http.get(link).expect(200);
  expect(page.text).toContain('<form method="post" action="/back-in-stock/confirm">');
  return t.http
    .post('/back-in-stock/confirm')
    .type('form')
    .send({ token: tokenOf(link) })
    .expect(200);
}

/** A hoodie in S (in stock) and M and L (sold out). */
async function addHoodie(): Promise<{ id: number; s: string; m: string; l: string }> {
  const added = await admin.post('/api/admin/products', {
    name: 'Coven Zip Hoodie',
    description: 'Heavy cotton, embroidered by hand.',
    category: 'apparel',
    images: ['https://cdn.example/coven.jpg'],
    options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    variants: [
      { options: { Size: 'S' }, price: '68.00', stockQuantity: 2 },
      { options: { Size: 'M' }, price: '72.00', stockQuantity: 0 },
      { options: { Size: 'L' }, price: '72.00', stockQuantity: 0 },
    ],
  });
  expect(added.status).toBe(201);
  const [s, m, l] = added.body.variants.map((v: { id: string }) => v.id);
  return { id: added.body.id, s, m, l };
}

const restock = async (productId: number, variantId: string, stockQuantity: number) => {
  const res = await admin.put(`/api/admin/products/${productId}/variants/${variantId}/stock`, { stockQuantity });
  expect(res.status).toBe(200);
  return res.body;
};
const waitingOn = async (productId: number, variantId: string) => {
  const products = (await admin.get('/api/admin/products')).body as { id: number; variants: { id: string; waiting: number }[] }[];
  return products.find((p) => p.id === productId)!.variants.find((v) => v.id === variantId)!.waiting;
};

/** Asks, and opens the link of the confirmation email that follows. */
async function askAndConfirm(productId: number, variantId: string, email: string): Promise<void> {
  await ask(productId, variantId, email).expect(202);
  await relay();
  await confirmFrom(await waitForMail(t.dataDir, isConfirmation(email)));
}

describe('POST /api/products/{id}/variants/{variantId}/notify', () => {
  it("emails a confirmation link; its page's button (not opening the link) puts the address on the list, which the inventory counts", async () => {
    const hoodie = await addHoodie();
    const res = await ask(hoodie.id, hoodie.m, ' Raven@Example.com ').expect(202);
    expect(res.body).toEqual({ status: 'confirmation-sent', message: expect.any(String) });
    expect(await waitingOn(hoodie.id, hoodie.m)).toBe(0);

    await relay();
    const mail = await waitForMail(t.dataDir, isConfirmation('raven@example.com'));
    expect(mail.subject).toBe('Confirm: email me when Coven Zip Hoodie, M is back');
    // Opening the link (as a mail scanner does, as often as it likes) only asks.
    const link = linkIn(mail, '/back-in-stock/confirm');
    const before = await requestEvents();
    for (let i = 0; i < 2; i++) {
      const asks = await t.http.get(link).expect(200);
      expect(asks.headers['content-type']).toContain('text/html');
      expect(asks.headers['cache-control']).toBe('no-store');
      expect(asks.text).toContain('Email you when Coven Zip Hoodie, M is back?');
      expect(asks.text).toContain('<button type="submit">Yes, put me on the list</button>');
    }
    expect(await requestEvents()).toBe(before);
    expect(await waitingOn(hoodie.id, hoodie.m)).toBe(0);
    // The page's button posts the link's token: that confirms.
    const page = await t.http
      .post('/back-in-stock/confirm')
      .type('form')
      .send({ token: tokenOf(link) })
      .expect(200);
    expect(page.text).toContain("You're on the list for Coven Zip Hoodie, M");
    expect(await waitingOn(hoodie.id, hoodie.m)).toBe(1);
    // Confirmed: the link's page now says so, and a second press confirms nothing new.
    expect((await t.http.get(link).expect(200)).text).toContain("You're on the list for Coven Zip Hoodie, M");
    await t.http
      .post('/back-in-stock/confirm')
      .type('form')
      .send({ token: tokenOf(link) })
      .expect(200);
    expect(await requestEvents()).toBe(before + 1);
    expect(await waitingOn(hoodie.id, hoodie.l)).toBe(0);

    // Confirmed: asking again answers as any ask does (the route tells no one who waits) and sends nothing.
    const again = await ask(hoodie.id, hoodie.m, 'raven@example.com').expect(202);
    expect(again.body.status).toBe('confirmation-sent');
    await settled();
    expect(await mails(isConfirmation('raven@example.com'))).toHaveLength(1);
  });

  it('keeps one request per address and variant: asking again before confirming sends no second email within minutes', async () => {
    const hoodie = await addHoodie();
    for (const email of ['moth@example.com', 'MOTH@example.com', 'moth@example.com']) expect((await ask(hoodie.id, hoodie.m, email).expect(202)).body.status).toBe('confirmation-sent');
    await Promise.all([ask(hoodie.id, hoodie.m, 'moth@example.com'), ask(hoodie.id, hoodie.m, 'moth@example.com')]);
    expect(await count(`select count(*)::int as n from events where stream_id = ?`, [`back-in-stock-${requestIdOf('moth@example.com', hoodie.m)}`])).toBe(1);
    await settled();
    expect(await mails(isConfirmation('moth@example.com'))).toHaveLength(1);
    // Another size is another request.
    await ask(hoodie.id, hoodie.l, 'moth@example.com').expect(202);
    await relay();
    await waitForMail(t.dataDir, (m) => isConfirmation('moth@example.com')(m) && m.subject.includes(', L'));
  });

  it('refuses a bad email, an unknown product or variant, and a variant that can be bought now, recording nothing', async () => {
    const hoodie = await addHoodie();
    const before = await requestEvents();
    for (const [body, message] of [
      [{}, 'email: Please enter your email address.'],
      [{ email: 'not-an-email' }, 'email: Please enter a valid email address.'],
      [{ email: `${'x'.repeat(250)}@example.com` }, 'email: That email address is too long.'],
    ] as const) {
      const res = await client()(hoodie.id, hoodie.m, body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect((await ask(999_999, '999999-1', 'a@example.com').expect(404)).body.code).toBe('NOT_FOUND');
    expect((await ask(hoodie.id, `${hoodie.id}-9`, 'a@example.com').expect(404)).body).toMatchObject({ code: 'VARIANT_NOT_FOUND', message: expect.stringContaining('Coven Zip Hoodie') });
    expect((await ask(hoodie.id, hoodie.s, 'a@example.com').expect(409)).body).toMatchObject({ code: 'IN_STOCK', message: 'Coven Zip Hoodie, S is in stock now: add it to your cart.' });
    expect(await requestEvents()).toBe(before);
  });

  it('limits the asks from one address', async () => {
    const hoodie = await addHoodie();
    const from = client();
    for (let i = 0; i < 5; i++) await from(hoodie.id, hoodie.m, { email: `limit${i}@example.com` }).expect(202);
    const refused = await from(hoodie.id, hoodie.m, { email: 'limit5@example.com' }).expect(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('when the variant is back in stock', () => {
  it('emails every confirmed address once, in the order they asked, and none again on the next restock unless it asked again', async () => {
    const hoodie = await addHoodie();
    const [first, second, third, unconfirmed, otherSize] = ['first@example.com', 'second@example.com', 'third@example.com', 'unconfirmed@example.com', 'large@example.com'];
    for (const email of [first, second, third, unconfirmed]) await ask(hoodie.id, hoodie.m, email).expect(202);
    await ask(hoodie.id, hoodie.l, otherSize).expect(202);
    await relay();
    // Confirmed in another order than asked: the list keeps the order of asking.
    for (const email of [third, first, second, otherSize]) await confirmFrom(await waitForMail(t.dataDir, isConfirmation(email)));
    await waitForMail(t.dataDir, isConfirmation(unconfirmed));
    await settled();
    expect(await waitingOn(hoodie.id, hoodie.m)).toBe(3);

    const answer = await restock(hoodie.id, hoodie.m, 3);
    expect(answer.variants.find((v: { id: string }) => v.id === hoodie.m).waiting).toBe(3);
    await until(async () => (await mails((m) => m.subject.startsWith('Back in stock:'))).length >= 3, 'three back-in-stock emails');
    await settled();

    const sent = (await em().execute(
      `select r.email from events e join back_in_stock_requests r on e.stream_id = 'back-in-stock-' || r.id where e.type = 'BackInStockEmailSent' and r.variant_id = ? order by e.global_position`,
      [hoodie.m],
    )) as { email: string }[];
    expect(sent.map((r) => r.email)).toEqual([first, second, third]);
    for (const email of [first, second, third]) expect(await mails(isBackInStock(email))).toHaveLength(1);
    expect(await mails(isBackInStock(unconfirmed))).toEqual([]);
    expect(await mails(isBackInStock(otherSize))).toEqual([]);
    expect(await waitingOn(hoodie.id, hoodie.m)).toBe(0);
    expect(await waitingOn(hoodie.id, hoodie.l)).toBe(1);

    // The job run again (a retry, the outbox relaying twice) finds every send recorded.
    expect(await t.app.get(BackInStockEmailJob).tellWaiting(hoodie.id, hoodie.m, 'another-job', systemContext())).toEqual({ told: 0 });
    for (const email of [first, second, third]) expect(await mails(isBackInStock(email))).toHaveLength(1);

    const [mail] = await mails(isBackInStock(first));
    expect(mail.subject).toBe('Back in stock: Coven Zip Hoodie, M');
    expect(mail.raw).toContain('$72.00');
    expect(mail.raw).toContain(`/product/${hoodie.id}?variant=${hoodie.m}"`);
    expect(mail.raw).toContain(`/email-images/${hoodie.id}.png"`);
    expect(mail.raw).toMatch(/List-Unsubscribe:\s+<https?:\/\/[^/]+\/back-in-stock\/leave\?token=/);
    // Told already: the email's leave link finds nothing left to leave.
    expect((await t.http.get(linkIn(mail, '/back-in-stock/leave')).expect(200)).text).toContain('You are not on the list');

    // Sold out and back again: nobody is told twice.
    await restock(hoodie.id, hoodie.m, 0);
    await restock(hoodie.id, hoodie.m, 5);
    await settled();
    for (const email of [first, second, third]) expect(await mails(isBackInStock(email))).toHaveLength(1);

    // Unless they asked again (it must be sold out to ask) and confirmed.
    await restock(hoodie.id, hoodie.m, 0);
    await ask(hoodie.id, hoodie.m, second).expect(202);
    await relay();
    await until(async () => (await mails(isConfirmation(second))).length === 2, 'the second confirmation');
    const [, confirmAgain] = await mails(isConfirmation(second));
    await confirmFrom(confirmAgain!);
    await restock(hoodie.id, hoodie.m, 1);
    await until(async () => (await mails(isBackInStock(second))).length === 2, 'the second back-in-stock email');
    await settled();
    expect(await mails(isBackInStock(first))).toHaveLength(1);
    expect(await mails(isBackInStock(third))).toHaveLength(1);
  });

  it("tells the list when a refund's units come back, and when Square's count does", async () => {
    const hoodie = await addHoodie();
    await askAndConfirm(hoodie.id, hoodie.m, 'refund.wait@example.com');
    await askAndConfirm(hoodie.id, hoodie.l, 'square.wait@example.com');
    const products = t.app.get(Products);

    await products.run(hoodie.id, { kind: 'RestockFromRefund', variantId: hoodie.m, orderId: 'order-1', refundId: 'refund-1', quantity: 1 }, systemContext());
    await until(async () => (await mails(isBackInStock('refund.wait@example.com'))).length === 1, 'the email after the refund');

    await products.run(hoodie.id, { kind: 'LinkToSquare', squareItemId: 'ITEM-COVEN', variations: [{ variantId: hoodie.l, squareVariationId: 'VAR-COVEN-L' }] }, systemContext());
    await products.run(hoodie.id, { kind: 'ApplySquareCount', squareVariationId: 'VAR-COVEN-L', quantity: 2, calculatedAt: new Date().toISOString() }, systemContext());
    await until(async () => (await mails(isBackInStock('square.wait@example.com'))).length === 1, "the email after Square's count");
  });

  it('tells an address confirmed only after the variant came back, at once', async () => {
    const hoodie = await addHoodie();
    await ask(hoodie.id, hoodie.l, 'late@example.com').expect(202);
    await relay();
    const confirmation = await waitForMail(t.dataDir, isConfirmation('late@example.com'));
    await restock(hoodie.id, hoodie.l, 2);
    await settled();
    expect(await mails(isBackInStock('late@example.com'))).toEqual([]);
    const page = await confirmFrom(confirmation);
    expect(page.text).toContain('in stock right now');
    await until(async () => (await mails(isBackInStock('late@example.com'))).length === 1, 'the back-in-stock email');
  });

  it('sends nothing to an address that left the list by its link', async () => {
    const hoodie = await addHoodie();
    await askAndConfirm(hoodie.id, hoodie.m, 'leaver@example.com');
    await askAndConfirm(hoodie.id, hoodie.m, 'stayer@example.com');
    const leave = t.app.get(RequestLinks).leaveUrl(requestIdOf('leaver@example.com', hoodie.m));
    const path = leave.slice(new URL(leave).origin.length);

    // Opening the link only asks; the button leaves.
    const asks = await t.http.get(path).expect(200);
    expect(asks.text).toContain('<button type="submit">Take me off the list</button>');
    expect(await waitingOn(hoodie.id, hoodie.m)).toBe(2);
    const token = new URL(leave).searchParams.get('token')!;
    expect((await t.http.post('/back-in-stock/leave').type('form').send({ token }).expect(200)).text).toContain('You are off the list');
    expect(await waitingOn(hoodie.id, hoodie.m)).toBe(1);

    await restock(hoodie.id, hoodie.m, 4);
    await until(async () => (await mails(isBackInStock('stayer@example.com'))).length === 1, 'the stayer to be told');
    await settled();
    expect(await mails(isBackInStock('leaver@example.com'))).toEqual([]);
  });

  it('refuses forged or cut links with a 400 page, changing nothing', async () => {
    const hoodie = await addHoodie();
    await ask(hoodie.id, hoodie.m, 'forged@example.com').expect(202);
    const before = await requestEvents();
    const confirm = t.app.get(RequestLinks).confirmUrl(requestIdOf('forged@example.com', hoodie.m));
    const token = new URL(confirm).searchParams.get('token')!;
    for (const bad of [token.slice(0, -3), `${'0'.repeat(32)}.abc`, '']) {
      expect((await t.http.get(`/back-in-stock/confirm?token=${encodeURIComponent(bad)}`).expect(400)).text).toContain('This link is not valid');
      expect((await t.http.post('/back-in-stock/confirm').type('form').send({ token: bad }).expect(400)).text).toContain('This link is not valid');
    }
    // A leave token does not confirm.
    const leave = t.app.get(RequestLinks).leaveUrl(requestIdOf('forged@example.com', hoodie.m));
    await t.http
      .post('/back-in-stock/confirm')
      .type('form')
      .send({ token: new URL(leave).searchParams.get('token')! })
      .expect(400);
    // A confirm token does not open the leave page.
    await t.http.post('/back-in-stock/leave').type('form').send({ token }).expect(400);
    expect(await requestEvents()).toBe(before);
  });
});
