import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { QueueEvents } from 'bullmq';
import { Client } from 'pg';
import sharp from 'sharp';
import { migrations } from '../../src/migrations';
import { createScratchDatabase, ScratchDatabase } from '../../src/platform/database/scratch-database';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_APPLICATION_ID, EMULATOR_LOCATION_ID, LocalGoogle, SquareEmulator, startLocalGoogle, startSquareEmulator } from '../../src/stand-ins';
import { loadSettings } from '../../src/platform/config/app-config';
import { storefrontImagesDir } from '../../src/site';
import { callFrom } from '../support/loopback-client';
import { PgBouncer, startPgBouncer } from '../support/pgbouncer';
import { REDIS_PORT } from '../support/queue-observer';
import { RoundRobinProxy, startRoundRobinProxy } from '../../src/bench/round-robin-proxy';
import { S3Server, startS3Server } from '../support/s3-server';
import { ShopProcess, startShopProcess } from '../support/shop-process';
import { CookieJar, signInAs } from '../support/sign-in';
import { SmtpInbox, startSmtpInbox } from '../support/smtp-inbox';
import { oneMigrationBehind } from '../support/one-migration-behind';
import { freePort } from '../support/free-port';

/**
 * The shop as a host runs it past one machine, every piece a process of its own: two API processes
 * (A and B) and two workers, behind a round-robin load balancer (PUBLIC_URL, TRUST_PROXY), the
 * database through PgBouncer in transaction mode with LISTEN straight to PostgreSQL, uploads in an
 * S3-compatible server, Square's and Google's stand-ins and a mail server run by the test. The
 * shopper's and the operator's flows go through it and come out as correct as with one process.
 */
jest.setTimeout(600_000);
const START_MS = 300_000; // four processes starting together on two busy cores
const LATEST = migrations.at(-1)!.name;
/** Payment attempts per client address: low, so that a shared counter would refuse the ten shoppers. */
const PAYMENTS_PER_ADDRESS = 3;
const SCAN_EVERY_MS = 1_000;

let database: ScratchDatabase;
let pgbouncer: PgBouncer;
let s3: S3Server;
let square: SquareEmulator;
let google: LocalGoogle;
let inbox: SmtpInbox;
let balancer: RoundRobinProxy;
let a: ShopProcess;
let b: ShopProcess;
let workers: ShopProcess[] = [];
const others: ShopProcess[] = [];
const dataDirs: string[] = [];
let queuePrefix: string;
let env: Record<string, string>;

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function start(entry: string, extra: Record<string, string> = {}): Promise<ShopProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dc-scale-'));
  dataDirs.push(dataDir);
  return startShopProcess({ ...env, DATA_DIR: dataDir, ...extra }, entry);
}

/** Every process's output, for a failure's message: what each one logged, not just that it failed. */
const outputs = () =>
  [a, b, ...workers, ...others]
    .filter(Boolean)
    .map((p, i) => `--- process ${i} (${p.url}) ---\n${p.output().slice(-4_000)}`)
    .join('\n');

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${outputs()}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

beforeAll(async () => {
  if (!existsSync(resolve(__dirname, '../../dist/main.js'))) throw new Error('dist/main.js is missing: run npm run build first (npm test does)');
  database = await createScratchDatabase('test');
  await oneMigrationBehind(database.url);
  pgbouncer = await startPgBouncer();
  s3 = await startS3Server();
  square = await startSquareEmulator({ port: 0, host: '127.0.0.1', imagesDir: storefrontImagesDir(loadSettings({})) });
  const googlePort = await freePort();
  google = await startLocalGoogle(googlePort);
  inbox = await startSmtpInbox();
  const [portA, portB] = [await freePort(), await freePort()];
  balancer = await startRoundRobinProxy([`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`]);
  queuePrefix = `dc-test-${randomBytes(4).toString('hex')}`;
  env = {
    LOG_LEVEL: 'info',
    DATABASE_URL: pgbouncer.through(database.url),
    LISTEN_DATABASE_URL: database.url,
    DATABASE_POOL_MAX: '5',
    QUEUE_PREFIX: queuePrefix,
    PUBLIC_URL: balancer.url,
    TRUST_PROXY: '127.0.0.1',
    ...s3.env,
    SQUARE_BASE_URL: square.url,
    SQUARE_ACCESS_TOKEN: EMULATOR_ACCESS_TOKEN,
    SQUARE_APPLICATION_ID: EMULATOR_APPLICATION_ID,
    SQUARE_LOCATION_ID: EMULATOR_LOCATION_ID,
    GOOGLE_EMULATOR_PORT: String(googlePort),
    SMTP_URL: inbox.url,
    SEED_DEMO_CATALOG: 'false',
    PAYMENT_RATE_LIMIT_PER_ADDRESS: String(PAYMENTS_PER_ADDRESS),
    PAYMENT_RATE_LIMIT_PER_CART: '100',
    CART_RATE_LIMIT_PER_ADDRESS: '100000',
    CONTACT_RATE_LIMIT_PER_ADDRESS: '100000',
    CHANGE_FEED_CHECK_EVERY_MS: '1000',
    RECOVERY_SCAN_EVERY: `${SCAN_EVERY_MS / 1000}s`,
    SHUTDOWN_DRAIN_MS: '0',
  };
  // All four start together on a database one migration behind: one applies it, all start.
  [a, b, ...workers] = await Promise.all([
    start('main.js', { PORT: String(portA) }),
    start('main.js', { PORT: String(portB) }),
    start('worker.js', { PORT: String(await freePort()) }),
    start('worker.js', { PORT: String(await freePort()) }),
  ]);
  await Promise.all([a.up(START_MS), b.up(START_MS)]);
}, START_MS + 120_000);

afterAll(async () => {
  for (const p of [a, b, ...workers, ...others]) p?.kill();
  await Promise.all([a, b, ...workers, ...others].filter(Boolean).map((p) => p.exited));
  await balancer?.close();
  await inbox?.close();
  await google?.close();
  await square?.close();
  await s3?.close();
  await pgbouncer?.stop();
  await database?.drop();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: body === undefined ? {} : { 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
});
async function call(url: string, method: string, body?: unknown): Promise<any> {
  const res = await fetch(url, json(method, body));
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}
const sessionId = (what: string) => `scale_${what}_${randomBytes(6).toString('hex')}`;

/** A signed-in admin's browser: its cookie, and the shop's public address as Origin, on whichever replica it is sent to. */
class Admin {
  constructor(readonly jar: CookieJar) {}
  async call(url: string, method: string, body?: unknown): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = { origin: balancer.url };
    const init: RequestInit = { method, headers };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await this.jar.fetch(url, init);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
}
let admin: Admin;
let productId: number;

describe('two API processes and two workers behind a round-robin balancer, PgBouncer in transaction mode, uploads in S3', () => {
  it('started together on a database one migration behind: the migration was applied once and every process runs', async () => {
    const [row] = await query<{ n: string }>('select count(*) as n from mikro_orm_migrations where name = $1', [LATEST]);
    expect(Number(row!.n)).toBe(1);
    for (const worker of workers) expect(worker.child.exitCode).toBeNull();
    for (const replica of [a, b])
      expect(await call(`${replica.url}/api/health`, 'GET')).toMatchObject({
        status: 'ok',
        changeFeed: { listening: true, trusted: true },
      });
  });

  it('signs an admin in through the balancer (its steps on both replicas); the admin then works on B, and a picture uploaded through A is served by B', async () => {
    admin = new Admin(await signInAs(balancer.url, 'owner@darkcircle.test'));
    const picture = await sharp(Buffer.from(Array.from({ length: 600 * 400 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 600, height: 400, channels: 3 } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'moth.jpg');
    const uploaded = await admin.call(`${a.url}/api/admin/uploads`, 'POST', form);
    expect(uploaded.status).toBe(201);

    const [fromA, fromB] = await Promise.all([fetch(`${a.url}${uploaded.body.imageUrl}`), fetch(`${b.url}${uploaded.body.imageUrl}`)]);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);

    const added = await admin.call(`${b.url}/api/admin/products`, 'POST', {
      name: 'Replica Moth',
      description: 'Sold by two processes',
      price: '9.00',
      imageUrl: uploaded.body.imageUrl,
      category: 'patches',
      inStock: true,
      stockQuantity: 100_000,
    });
    expect(added.status).toBe(201);
    productId = added.body.id;
    expect((await fetch(`${a.url}/email-images/${productId}.png`)).status).toBe(200);
  });

  it('never answers a stale cart: 500 rounds of a write on A and the refetch on B', async () => {
    const session = sessionId('rounds');
    const cart = await call(`${a.url}/api/cart`, 'POST', {
      sessionId: session,
    });
    const added = await call(`${a.url}/api/cart/${cart.id}/items`, 'POST', {
      productId,
      quantity: 1,
    });
    const itemId: string = added.items[0].id;
    // What the browser holds: the last 200 and its ETag, sent with every refetch.
    let etag: string | undefined;
    let held: any;
    const refetch = async (version: number) => {
      const res = await fetch(`${b.url}/api/cart/${session}?version=${version}`, { headers: etag ? { 'if-none-match': etag } : {} });
      if (res.status === 304) return held;
      expect(res.status).toBe(200);
      etag = res.headers.get('etag') ?? undefined;
      return (held = await res.json());
    };
    await refetch(added.cart.version);

    const stale: number[] = [];
    for (let round = 1; round <= 500; round++) {
      const quantity = (round % 5) + 2;
      const answered = await call(`${a.url}/api/cart/items/${itemId}`, 'PATCH', { quantity });
      const seen = await refetch(answered.cart.version);
      if (seen.items[0].quantity !== quantity || seen.cart.version < answered.cart.version) stale.push(round);
    }
    expect(stale).toEqual([]);
  });

  // How fast is for the benchmarks; here, that B's answers follow A's changes, one after another.
  it("shows each stock change made through A on B's product, with no restart and no stale cache", async () => {
    for (let round = 1; round <= 10; round++) {
      const stockQuantity = 50_000 + round;
      const changed = await admin.call(`${a.url}/api/admin/products/${productId}/stock`, 'PUT', { inStock: true, stockQuantity });
      expect(changed.status).toBe(200);
      // B is asked as a new visitor asks: no version named, so only B's change feed brings it.
      let seenOnB: unknown;
      await eventually(
        'the stock on B',
        async () => {
          seenOnB = await call(`${b.url}/api/products/${productId}`, 'GET');
          return (seenOnB as { stockQuantity: number }).stockQuantity === stockQuantity ? true : undefined;
        },
        10_000,
        0,
      ).catch(async (error: Error) => {
        // What each side holds, to tell a stale cache on B from a stock the shop itself moved on.
        const [stored] = await query('select version, stock_quantity from products where id = $1', [productId]);
        const onA = await call(`${a.url}/api/products/${productId}`, 'GET');
        const health = await call(`${b.url}/api/health`, 'GET');
        // The product's stream says which command moved the stock, and as whom.
        const stream = await query<{ version: number; type: string; data: unknown; actor: string; at: string }>(
          `select version, type, data, metadata->>'actor' as actor, to_char(recorded_at, 'HH24:MI:SS.MS') as at from events where stream_id = $1 order by version`,
          [`product-${productId}`],
        );
        throw new Error(
          `round ${round}, set ${stockQuantity}: B answers ${JSON.stringify(seenOnB)}, A answers ${JSON.stringify(onA)}, stored ${JSON.stringify(stored)}, B's health ${JSON.stringify(health)}\n` +
            `the product's stream:\n${stream.map((e) => `${e.version} ${e.at} ${e.actor} ${e.type} ${JSON.stringify(e.data)}`).join('\n')}\n${error.message}`,
        );
      });
    }
  });

  it('takes ten checkouts through the balancer (ten shoppers, ten addresses): ten payments and ten confirmation emails, once each', async () => {
    const paymentsBefore = square.payments().length;
    const orders = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const from = `127.0.0.${10 + i}`;
        const session = sessionId(`checkout${i}`);
        const cart = (
          await callFrom(from, `${balancer.url}/api/cart`, 'POST', {
            sessionId: session,
          })
        ).body;
        expect((await callFrom(from, `${balancer.url}/api/cart/${cart.id}/items`, 'POST', { productId, quantity: 1 })).status).toBe(200);
        const paid = await callFrom(from, `${balancer.url}/api/square/process-payment`, 'POST', {
          sourceId: 'cnon:card-nonce-ok',
          amountMoney: { amount: '900', currency: 'USD' },
          customerName: `Shopper ${i}`,
          customerEmail: `shopper${i}@example.com`,
          cartId: cart.id,
          fulfillmentMethod: 'pickup',
        });
        expect(paid).toMatchObject({ status: 200, body: { success: true } });
        return paid.body as { orderId: string; orderNumber: string };
      }),
    );

    expect(new Set(orders.map((o) => o.orderId)).size).toBe(10);
    expect(square.payments().length - paymentsBefore).toBe(10);
    const confirmations = (i: number) => inbox.received.filter((m) => m.to.includes(`shopper${i}@example.com`) && /^Your Dark Circle order DC-\d+$/.test(m.subject));
    await eventually('ten confirmation emails', async () => (Array.from({ length: 10 }, (_, i) => confirmations(i).length).every((n) => n >= 1) ? true : undefined));
    // Two workers, both relaying: still once each, after a while for a late duplicate to show.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(Array.from({ length: 10 }, (_, i) => confirmations(i).length)).toEqual(Array(10).fill(1));
  });

  it('charges once when the same checkout is submitted twice at once, once to each replica', async () => {
    const session = sessionId('double');
    const cart = await call(`${a.url}/api/cart`, 'POST', {
      sessionId: session,
    });
    await call(`${a.url}/api/cart/${cart.id}/items`, 'POST', {
      productId,
      quantity: 2,
    });
    const paymentsBefore = square.payments().length;
    const submit = (replica: ShopProcess) =>
      callFrom('127.0.0.30', `${replica.url}/api/square/process-payment`, 'POST', {
        sourceId: 'cnon:card-nonce-ok',
        amountMoney: { amount: '1800', currency: 'USD' },
        customerName: 'Double Clicker',
        customerEmail: 'double@example.com',
        cartId: cart.id,
        fulfillmentMethod: 'pickup',
      });

    const answers = await Promise.all([submit(a), submit(b)]);

    const succeeded = answers.filter((r) => r.status === 200 && r.body.success);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const r of answers) if (!(r.status === 200 && r.body.success)) expect(r.body).toMatchObject({ code: 'CHECKOUT_IN_PROGRESS' });
    expect(new Set(succeeded.map((r) => r.body.orderId)).size).toBe(1);
    expect(square.payments().length - paymentsBefore).toBe(1);
    expect(await query("select id from orders where cart_id = $1 and status = 'placed'", [cart.id])).toHaveLength(1);
  });

  it('counts payment attempts per forwarded client across both replicas', async () => {
    // An attempt for a cart that does not exist: refused, but counted.
    const attempt = (from: string) =>
      callFrom(from, `${balancer.url}/api/square/process-payment`, 'POST', {
        sourceId: 'cnon:card-nonce-ok',
        amountMoney: { amount: '900', currency: 'USD' },
        customerName: 'Card Tester',
        customerEmail: 'tester@example.com',
        cartId: '00000000-0000-4000-8000-000000000000',
        fulfillmentMethod: 'pickup',
      });
    const statuses: number[] = [];
    for (let i = 0; i <= PAYMENTS_PER_ADDRESS; i++) statuses.push((await attempt('127.0.0.40')).status);

    expect(statuses.slice(0, PAYMENTS_PER_ADDRESS)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
    // Another shopper behind the same balancer is not held to the first one's count.
    expect((await attempt('127.0.0.41')).status).not.toBe(429);
  });

  it('runs the recovery scan once per interval across both workers', async () => {
    const events = new QueueEvents('recovery', {
      connection: { host: '127.0.0.1', port: REDIS_PORT },
      prefix: queuePrefix,
    });
    const completed: string[] = [];
    events.on('completed', ({ jobId }) => completed.push(jobId));
    try {
      await events.waitUntilReady();
      const watchMs = 6 * SCAN_EVERY_MS;
      await new Promise((r) => setTimeout(r, watchMs));
      expect(new Set(completed).size).toBe(completed.length);
      expect(completed.length).toBeGreaterThanOrEqual(2);
      expect(completed.length).toBeLessThanOrEqual(watchMs / SCAN_EVERY_MS + 1);
    } finally {
      await events.close();
    }
  });

  it('reports degraded from a replica whose LISTEN goes through the pooler', async () => {
    const { LISTEN_DATABASE_URL: _direct, ...pooled } = env;
    const c = await startShopProcess({
      ...pooled,
      DATA_DIR: dataDirs[0]!,
      MIGRATE_ON_START: 'false',
    });
    others.push(c);
    await c.up(START_MS, '/api/health/live');

    const health = await eventually('degraded', async () => {
      const body = await (await fetch(`${c.url}/api/health`)).json();
      return body.status === 'degraded' ? body : undefined;
    });
    expect(health.changeFeed).toMatchObject({
      listening: true,
      trusted: false,
      problem: expect.stringContaining('LISTEN_DATABASE_URL'),
    });
    c.kill();
  });

  it('loses no acknowledged cart write when replica A is killed with SIGKILL under cart writes', async () => {
    /** Per cart: the last quantity a write was acknowledged with, and the last one asked for. */
    const carts = new Map<string, { session: string; acknowledged: number; asked: number }>();
    let stop = false;
    let acknowledgedAfterKill = 0;
    let killed = false;
    async function writer(w: number): Promise<void> {
      while (!stop) {
        // A new cart whenever the line nears its limit (99).
        const session = sessionId(`kill${w}`);
        const created = await callFrom('127.0.0.1', `${balancer.url}/api/cart`, 'POST', { sessionId: session }).catch(() => undefined);
        if (created?.status !== 201) continue;
        const added = await callFrom('127.0.0.1', `${balancer.url}/api/cart/${created.body.id}/items`, 'POST', { productId, quantity: 1 }).catch(() => undefined);
        if (added?.status !== 200) continue;
        const record = { session, acknowledged: 1, asked: 1 };
        carts.set(created.body.id, record);
        for (let quantity = 2; quantity <= 95 && !stop; quantity++) {
          record.asked = quantity;
          const res = await callFrom('127.0.0.1', `${balancer.url}/api/cart/items/${added.body.items[0].id}`, 'PATCH', { quantity }).catch(() => undefined);
          if (res?.status === 200 && res.body.items[0].quantity === quantity) {
            record.acknowledged = quantity;
            if (killed) acknowledgedAfterKill++;
          }
        }
      }
    }
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    await eventually('writes under way', async () => ([...carts.values()].reduce((n, c) => n + c.acknowledged, 0) > 100 ? true : undefined));
    a.kill();
    killed = true;
    await a.exited;
    // B takes every write from here on (the balancer skips the refused replica).
    await eventually('writes acknowledged by B alone', async () => (acknowledgedAfterKill > 100 ? true : undefined));
    stop = true;
    await Promise.all(writers);

    const lost: string[] = [];
    for (const [, cart] of carts) {
      const seen = await call(`${b.url}/api/cart/${cart.session}`, 'GET');
      const quantity: number = seen.items[0].quantity;
      // An unacknowledged write may or may not have been made; an acknowledged one must have been.
      if (quantity < cart.acknowledged || quantity > cart.asked) lost.push(`${cart.session}: ${quantity}, acknowledged ${cart.acknowledged}, asked ${cart.asked}`);
    }
    expect(lost).toEqual([]);
    expect(carts.size).toBeGreaterThanOrEqual(8);
  });
});
