import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Products } from '../../src/catalog';
import { systemContext } from '../../src/platform/context/request-context';
import { addProduct, cartWith } from '../support/shop-fixtures';
import { TcpProxy } from '../support/tcp-proxy';
import { startTestApp, TestApp } from '../support/test-app';
import { freePort } from '../support/free-port';

/**
 * Two API processes on one database: this test's app, and the built `main.js` whose database and
 * LISTEN connections each go through a proxy the test can cut.
 */
let t: TestApp;
let second: { child: ChildProcess; url: string };
const databaseProxy = new TcpProxy('127.0.0.1', 5432);
const listenProxy = new TcpProxy('127.0.0.1', 5432);

const through = (proxy: TcpProxy) => {
  const url = new URL(t.databaseUrl);
  url.host = `127.0.0.1:${proxy.port}`;
  return url.toString();
};

async function startSecondApi(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = fork(join(__dirname, '../../dist/main.js'), [], {
    env: {
      ...process.env,
      ...t.squareEnv,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      DATA_DIR: t.dataDir,
      QUEUE_PREFIX: t.queuePrefix,
      SEED_DEMO_CATALOG: 'false',
      DATABASE_URL: through(databaseProxy),
      LISTEN_DATABASE_URL: through(listenProxy),
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the second API exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the second API did not come up');
}

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const listening = async () => ((await (await fetch(`${second.url}/api/health`)).json()) as { changeFeed: { listening: boolean } }).changeFeed.listening;
const stockOnSecond = async (id: number) => {
  const list = (await (await fetch(`${second.url}/api/products`)).json()) as { id: number; stockQuantity: number }[];
  return list.find((p) => p.id === id)?.stockQuantity;
};
const pollSecond = (sessionId: string, etag?: string) => fetch(`${second.url}/api/cart/${sessionId}`, { headers: etag ? { 'if-none-match': etag } : {} });
const setStock = (productId: number, stockQuantity: number) => t.app.get(Products).run(productId, { kind: 'SetStock', inStock: stockQuantity > 0, stockQuantity }, systemContext());

beforeAll(async () => {
  t = await startTestApp();
  await databaseProxy.reserve();
  await listenProxy.reserve();
  await databaseProxy.up();
  await listenProxy.up();
  second = await startSecondApi();
  await eventually(async () => ((await listening()) ? true : undefined));
});
afterAll(async () => {
  second?.child.kill('SIGKILL');
  await databaseProxy.down();
  await listenProxy.down();
  await t.close();
});

describe('the change feed across processes', () => {
  it('serves a stock change made through one process in the other process products list', async () => {
    const id = await addProduct(t, { name: 'Fed Skull', priceCents: 1200, stockQuantity: 5 });
    // The second process caches its list: the product may take a notification to appear.
    expect(await eventually(() => stockOnSecond(id))).toBe(5);

    await setStock(id, 3);

    expect(await eventually(async () => ((await stockOnSecond(id)) === 3 ? 3 : undefined))).toBe(3);
  });

  it('answers a matching cart poll with 304 from memory, without the database', async () => {
    const id = await addProduct(t, { name: 'Memory Moth', priceCents: 800, stockQuantity: 9 });
    const cart = await cartWith(t, { [id]: 1 });
    const etag = (await pollSecond(cart.sessionId)).headers.get('etag')!;
    expect((await pollSecond(cart.sessionId, etag)).status).toBe(304);

    await databaseProxy.down();
    try {
      expect((await pollSecond(cart.sessionId, etag)).status).toBe(304);
    } finally {
      await databaseProxy.up();
    }
  });

  it('answers polls naming the version they hold from memory, without the database, while the cache has reached it', async () => {
    const id = await addProduct(t, { name: 'Versioned Vial', priceCents: 800, stockQuantity: 9 });
    const cart = await cartWith(t, { [id]: 1 });
    const first = await pollSecond(cart.sessionId);
    const { version } = ((await first.json()) as { cart: { version: number } }).cart;
    const product = await eventually(async () => {
      const answer = (await (await fetch(`${second.url}/api/products/${id}`)).json()) as { version?: number };
      return answer.version ? answer : undefined;
    });
    const list = (await (await fetch(`${second.url}/api/products`)).json()) as { version: number }[];
    const catalogVersion = list.reduce((sum, p) => sum + p.version, 0);

    await databaseProxy.down();
    try {
      const poll = await fetch(`${second.url}/api/cart/${cart.sessionId}?version=${version}`, { headers: { 'if-none-match': first.headers.get('etag')! } });
      expect(poll.status).toBe(304);
      expect((await fetch(`${second.url}/api/products/${id}?version=${product.version}`)).status).toBe(200);
      expect((await fetch(`${second.url}/api/products?version=${catalogVersion}`)).status).toBe(200);
    } finally {
      await databaseProxy.up();
    }
  });

  it('never answers 304 to the old ETag of a cart changed through the other process', async () => {
    const id = await addProduct(t, { name: 'Changing Crow', priceCents: 700, stockQuantity: 50 });
    const cart = await cartWith(t, { [id]: 1 });
    let etag = (await pollSecond(cart.sessionId)).headers.get('etag')!;
    for (let quantity = 2; quantity <= 6; quantity++) {
      expect((await pollSecond(cart.sessionId, etag)).status).toBe(304);
      await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: id, quantity: 1 }).expect(200);

      const poll = await pollSecond(cart.sessionId, etag);

      expect(poll.status).toBe(200);
      expect(((await poll.json()) as { items: { quantity: number }[] }).items[0]!.quantity).toBe(quantity);
      expect(poll.headers.get('etag')).not.toBe(etag);
      etag = poll.headers.get('etag')!;
    }
  });

  it('reads through while its listening connection is lost, and caches again once it listens', async () => {
    const id = await addProduct(t, { name: 'Lost Lantern', priceCents: 1500, stockQuantity: 8 });
    const cart = await cartWith(t, { [id]: 1 });
    expect(await eventually(() => stockOnSecond(id))).toBe(8);
    const etag = (await pollSecond(cart.sessionId)).headers.get('etag')!;
    expect((await pollSecond(cart.sessionId, etag)).status).toBe(304);

    await listenProxy.down();
    await eventually(async () => ((await listening()) ? undefined : true));
    await setStock(id, 4);
    await t.http.post(`/api/cart/${cart.id}/items`).send({ productId: id, quantity: 1 }).expect(200);

    // No notification can arrive now: only reading the database gives these answers.
    expect(await stockOnSecond(id)).toBe(4);
    expect((await pollSecond(cart.sessionId, etag)).status).toBe(200);

    await listenProxy.up();
    await eventually(async () => ((await listening()) ? true : undefined));
    expect(await stockOnSecond(id)).toBe(4);
    await setStock(id, 2);
    expect(await eventually(async () => ((await stockOnSecond(id)) === 2 ? 2 : undefined))).toBe(2);
  });
});
