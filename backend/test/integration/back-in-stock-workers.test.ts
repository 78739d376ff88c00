import { Products } from '../../src/catalog';
import { variantIdOf } from '../../src/catalog/product.events';
import { BackInStockService } from '../../src/back-in-stock/back-in-stock.service';
import { requestIdOf } from '../../src/back-in-stock/request-identity';
import { systemContext } from '../../src/platform/context/request-context';
import { createScratchDatabase, ScratchDatabase } from '../../src/platform/database/scratch-database';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { observeQueue, QueueObserver } from '../support/queue-observer';
import { until } from '../support/recovery-fixtures';
import { addProduct, sql } from '../support/shop-fixtures';
import { SmtpInbox, startSmtpInbox } from '../support/smtp-inbox';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Two workers on one database and one Redis, emailing through a real SMTP server, each running a
 * back-in-stock round for the same variant (two restocks one after the other make two jobs): each
 * confirmed address gets one email, whichever worker sends it. The SMTP server holds every message
 * until both workers are in the middle of a send, so the two rounds overlap for certain.
 */
jest.setTimeout(120_000);
let database: ScratchDatabase;
let inbox: SmtpInbox;
let first: TestApp;
let second: TestApp;
let email: QueueObserver;
const QUEUE_PREFIX = `dc-test-bis-workers-${Date.now()}`;

beforeAll(async () => {
  database = await createScratchDatabase('test');
  inbox = await startSmtpInbox();
  const shared = { databaseUrl: database.url } as TestApp;
  const env = { SMTP_URL: inbox.url, QUEUE_PREFIX };
  first = await startTestApp(env, { shareDatabaseOf: shared, worker: true });
  second = await startTestApp(env, { shareDatabaseOf: shared, worker: true });
  email = observeQueue({ ...first, queuePrefix: QUEUE_PREFIX }, 'email');
});
afterAll(async () => {
  await email?.close();
  await second?.close();
  await first?.close();
  await inbox?.close();
  await database?.drop();
});

const backInStockTo = (address: string) => inbox.received.filter((m) => m.to === address && m.subject.startsWith('Back in stock:'));
const requestEvents = (address: string, variantId: string, type: string) =>
  sql<{ data: { jobId?: string } }>(first, `select data from events where stream_id = ? and type = ? order by global_position`, [`back-in-stock-${requestIdOf(address, variantId)}`, type]);

/** Every job the events so far called for has run: the outbox relayed all, the email queue is idle. */
async function settled(): Promise<void> {
  await until(
    async () => {
      await first.app.get(OutboxRelay).tick();
      const [unsent] = await sql<{ n: number }>(first, 'select count(*)::int as n from outbox where sent_at is null');
      const jobs = await email.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return unsent!.n === 0 && Object.values(jobs).every((n) => n === 0);
    },
    'the jobs to run',
    60_000,
  );
}

/** A sold-out pin, with these addresses confirmed on its list (and the jobs of that settled). */
async function soldOutWithList(name: string, addresses: string[]): Promise<{ productId: number; variantId: string }> {
  const productId = await addProduct(first, { name, priceCents: 1500, stockQuantity: 0 });
  const variantId = variantIdOf(productId, 1);
  const backInStock = first.app.get(BackInStockService);
  for (const address of addresses) {
    await backInStock.ask(productId, variantId, address, systemContext());
    await backInStock.confirm(requestIdOf(address, variantId), systemContext());
  }
  await settled();
  return { productId, variantId };
}

const restock = (productId: number, variantId: string, stockQuantity: number) =>
  first.app.get(Products).run(productId, { kind: 'SetStock', variantId, inStock: true, stockQuantity }, systemContext());

it('sends one email per confirmed address when two workers run a round for the same variant at once', async () => {
  const addresses = ['wing@example.com', 'claw@example.com', 'fang@example.com'];
  const { productId, variantId } = await soldOutWithList('Moth Pin', addresses);
  expect(inbox.received).toEqual([]);

  inbox.hold();
  await restock(productId, variantId, 3);
  await restock(productId, variantId, 4);
  await first.app.get(OutboxRelay).tick();
  // One job each (a worker runs one email job at a time), both in the middle of a send.
  await until(async () => inbox.held() === 2, 'both workers to be sending', 30_000);
  inbox.release();
  await settled();

  for (const address of addresses) expect(backInStockTo(address)).toHaveLength(1);
  expect(inbox.received).toHaveLength(3);
  const claims = [];
  for (const address of addresses) {
    const claimed = await requestEvents(address, variantId, 'BackInStockEmailClaimed');
    expect(claimed).toHaveLength(1);
    expect(await requestEvents(address, variantId, 'BackInStockEmailSent')).toHaveLength(1);
    claims.push(claimed[0]!.data.jobId);
  }
  // Both rounds sent some: each job's id is the restock's event it ran for.
  const restocks = await sql<{ eventId: string }>(first, `select event_id as "eventId" from events where stream_id = ? and type = 'StockSet' order by global_position`, [
    `product-${productId}`,
  ]);
  expect(new Set(claims)).toEqual(new Set(restocks.map((r) => r.eventId)));
});

it('costs a failed send a retry of the job that claimed it, never a second email from another round', async () => {
  const [unlucky, lucky] = ['ash@example.com', 'ember@example.com'];
  const { productId, variantId } = await soldOutWithList('Cinder Pin', [unlucky, lucky]);
  const mailBefore = inbox.received.length;

  // The first address's email fails after its claim: the job sends the other, fails, and waits for its retry.
  inbox.failNext(1);
  await restock(productId, variantId, 2);
  await first.app.get(OutboxRelay).tick();
  const [claimant] = await sql<{ eventId: string }>(first, `select event_id as "eventId" from events where stream_id = ? and type = 'StockSet' order by global_position desc limit 1`, [
    `product-${productId}`,
  ]);
  await until(async () => (await email.queue.getJob(claimant!.eventId))!.attemptsMade >= 1, 'the first attempt to fail', 30_000);
  expect(backInStockTo(lucky)).toHaveLength(1);
  expect(backInStockTo(unlucky)).toEqual([]);

  // Another round meanwhile leaves the claimed email to its claimant.
  await restock(productId, variantId, 3);
  await settled();

  expect(backInStockTo(unlucky)).toHaveLength(1);
  expect(backInStockTo(lucky)).toHaveLength(1);
  expect(inbox.received.length - mailBefore).toBe(2);
  expect((await requestEvents(unlucky, variantId, 'BackInStockEmailClaimed')).map((e) => e.data.jobId)).toEqual([claimant!.eventId]);
  expect(await requestEvents(unlucky, variantId, 'BackInStockEmailSent')).toHaveLength(1);
});
