import { randomUUID } from 'node:crypto';
import { RecoverySequenceJob, stepJobId } from '../../src/recovery/recovery-sequence.job';
import { addProduct, cartWith, sql } from '../support/shop-fixtures';
import { sentMail, waitForMail } from '../support/mailbox';
import { observeQueue, QueueObserver } from '../support/queue-observer';
import { buy, cartEvents, EVERY_STEP, FAST_RECOVERY, leftCart, OFFSETS_MS, until } from '../support/recovery-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The sequence on the real worker, Redis and PostgreSQL, in seconds: idle carts are found and
 * abandoned by the scheduled scan, then emailed at 2 s, 5 s and 8 s after their abandonment,
 * unless they were bought or their address opted out in between.
 */
let t: TestApp;
let recovery: QueueObserver;

beforeAll(async () => {
  t = await startTestApp({ ...FAST_RECOVERY, ...EVERY_STEP });
  recovery = observeQueue(t, 'recovery');
});

afterAll(async () => {
  await recovery?.close();
  await t?.close();
});

const SUBJECTS = ['You left something in your Dark Circle cart', 'Your Dark Circle cart is still waiting', 'Last call for your Dark Circle cart'];

it('emails each step in order at its offset and no more; a purchase or an opt-out after the first email stops the rest', async () => {
  const waiting = await leftCart(t, 'waiting@example.com');
  const buyer = await leftCart(t, 'buyer@example.com');
  const leaver = await leftCart(t, 'leaver@example.com');

  // The buyer's and the leaver's first emails arrive; then one buys and the other opts out.
  await waitForMail(t.dataDir, (m) => m.to === 'buyer@example.com', 15_000);
  await buy(t, buyer.id);
  const first = await waitForMail(t.dataDir, (m) => m.to === 'leaver@example.com', 15_000);
  const unsubscribe = /\/recovery\/unsubscribe\?token=([^"\s<>]+)/.exec(first.raw)![1]!;
  const asks = await t.http.get(`/recovery/unsubscribe?token=${unsubscribe}`).expect(200);
  expect(asks.text).toContain('Stop the reminders');
  await t.http
    .post('/recovery/unsubscribe')
    .type('form')
    .send({ token: decodeURIComponent(unsubscribe) })
    .expect(200);

  // Every step job of the three carts has run (the last are due 8 s after abandonment).
  const ran = async (cartId: string, step: number) => (await recovery.queue.getJobState(stepJobId(cartId, step))) === 'completed';
  await until(async () => (await Promise.all([waiting, buyer, leaver].map((c) => ran(c.id, 3)))).every(Boolean), 'the last steps', 20_000);
  await until(async () => (await cartEvents(t, waiting.id)).filter((e) => e.type === 'RecoveryEmailSent').length === 3, 'the third email');

  const mail = await sentMail(t.dataDir);
  const to = (address: string) => mail.filter((m) => m.to === address);
  expect(
    to('waiting@example.com')
      .map((m) => m.subject)
      .sort(),
  ).toEqual([...SUBJECTS].sort());
  expect(to('buyer@example.com').map((m) => m.subject)).toEqual([SUBJECTS[0]]);
  expect(to('leaver@example.com').map((m) => m.subject)).toEqual([SUBJECTS[0]]);

  // One abandonment each; the emails in step order, each at its offset from the abandonment.
  const events = await cartEvents(t, waiting.id);
  expect(events.filter((e) => e.type === 'CartAbandoned')).toHaveLength(1);
  const abandonedAt = events.find((e) => e.type === 'CartAbandoned')!.at;
  const sent = events.filter((e) => e.type === 'RecoveryEmailSent');
  expect(sent.map((e) => e.data.step)).toEqual([1, 2, 3]);
  sent.forEach((e, i) => {
    const after = e.at - abandonedAt;
    expect(after).toBeGreaterThanOrEqual(OFFSETS_MS[i]!);
    expect(after).toBeLessThan(OFFSETS_MS[i]! + 2500);
  });
  const cart = (await t.http.get(`/api/cart/${waiting.sessionId}`)).body.cart;
  expect(cart).toMatchObject({ emailSent: true, recoveryEmailCount: 3 });
  for (const other of [buyer, leaver]) expect((await cartEvents(t, other.id)).filter((e) => e.type === 'RecoveryEmailSent')).toHaveLength(1);
});

it("counts each step's delay from when the abandonment was recorded, and plans each step once however often it is asked", async () => {
  // A cart without an email: the scan leaves it alone, and its steps find nothing to send.
  const cart = await cartWith(t, { [await addProduct(t, { name: 'Late Lantern', priceCents: 1000, stockQuantity: 5 })]: 1 });
  const recordedAt = new Date(Date.now() - 3000);
  const abandonment = {
    type: 'CartAbandoned',
    data: {},
    eventId: randomUUID(),
    streamId: `cart-${cart.id}`,
    streamType: 'Cart',
    version: 2,
    globalPosition: '1',
    metadata: { correlationId: 'late-job', actor: 'worker' },
    recordedAt,
  };
  const planner = t.app.get(RecoverySequenceJob);
  // The planning job ran 3 s late, then again (a retry): the steps are due at 2, 5 and 8 s after the abandonment all the same.
  await planner.plan(abandonment as never);
  await planner.plan(abandonment as never);
  for (const [i, offset] of OFFSETS_MS.entries()) {
    const job = (await recovery.queue.getJob(stepJobId(cart.id, i + 1)))!;
    expect(Math.abs(job.timestamp + (job.opts.delay ?? 0) - Math.max(recordedAt.getTime() + offset, job.timestamp))).toBeLessThan(250);
  }
  const stepJobs = (await recovery.queue.getJobs(['delayed', 'waiting', 'active', 'completed'])).filter((j) => j?.id?.startsWith(`recovery-${cart.id}-`));
  expect(stepJobs).toHaveLength(3);
});

it('leaves alone a cart idle longer than the whole sequence would have taken', async () => {
  const old = await leftCart(t, 'long-gone@example.com');
  // As if left two minutes ago (the idle time and the sequence here take 9 s).
  await sql(t, `update carts set updated_at = now() - interval '2 minutes' where id = ?`, [old.id]);
  const fresh = await leftCart(t, 'just-left@example.com');
  await until(async () => (await cartEvents(t, fresh.id)).some((e) => e.type === 'CartAbandoned'), 'the fresh cart abandoned');
  // The scan that found the fresh cart went over the old one first (oldest first).
  expect((await cartEvents(t, old.id)).some((e) => e.type === 'CartAbandoned')).toBe(false);
});
