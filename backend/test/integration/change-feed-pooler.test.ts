import { Products } from '../../src/catalog';
import { systemContext } from '../../src/platform/context/request-context';
import { addProduct } from '../support/shop-fixtures';
import { PgBouncer, startPgBouncer } from '../support/pgbouncer';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Managed PostgreSQL behind PgBouncer in transaction mode: a LISTEN through it succeeds and then
 * hears nothing. The change feed finds that out by its test notices: the replica's caches stop
 * answering (it reads the database), and health says degraded and which setting fixes it.
 */
jest.setTimeout(120_000);
const CHECK = { CHANGE_FEED_CHECK_EVERY_MS: '300' };

let pgbouncer: PgBouncer;
let direct: TestApp;
beforeAll(async () => {
  pgbouncer = await startPgBouncer();
  // Another process on the same database, straight to PostgreSQL: it makes the changes.
  direct = await startTestApp(CHECK, { worker: false });
});
afterAll(async () => {
  await direct?.close();
  await pgbouncer?.stop();
});

type Health = { status: string; changeFeed: { listening: boolean; trusted: boolean; problem: string | null } };
const health = async (t: TestApp) => (await t.http.get('/api/health').expect(200)).body as Health;
const stockOf = async (t: TestApp, id: number) => ((await t.http.get('/api/products').expect(200)).body as { id: number; stockQuantity: number }[]).find((p) => p.id === id)?.stockQuantity;
const setStock = (productId: number, stockQuantity: number) => direct.app.get(Products).run(productId, { kind: 'SetStock', inStock: stockQuantity > 0, stockQuantity }, systemContext());

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('DATABASE_URL through PgBouncer in transaction mode, no LISTEN_DATABASE_URL', () => {
  let pooled: TestApp;
  beforeAll(async () => {
    pooled = await startTestApp(CHECK, { shareDatabaseOf: direct, reachDatabase: (url) => pgbouncer.through(url), worker: false });
  });
  afterAll(() => pooled?.close());

  it('reports degraded, listening but not trusted, and names LISTEN_DATABASE_URL', async () => {
    const body = await health(pooled);

    expect(body.status).toBe('degraded');
    expect(body.changeFeed).toEqual({ listening: true, trusted: false, problem: expect.stringContaining('LISTEN_DATABASE_URL') });
    expect(body.changeFeed.problem).toMatch(/transaction-mode pooler/);
  });

  it("reads the database rather than its caches, so another process's change shows at once", async () => {
    const id = await addProduct(direct, { name: 'Pooled Bat', priceCents: 900, stockQuantity: 6 });
    expect(await stockOf(pooled, id)).toBe(6);

    await setStock(id, 2);

    // No notification reaches this replica: only reading the database gives this answer.
    expect(await stockOf(pooled, id)).toBe(2);
  });
});

describe('DATABASE_URL through PgBouncer, LISTEN_DATABASE_URL straight to PostgreSQL', () => {
  let pooled: TestApp;
  beforeAll(async () => {
    pooled = await startTestApp({ ...CHECK, LISTEN_DATABASE_URL: direct.databaseUrl }, { shareDatabaseOf: direct, reachDatabase: (url) => pgbouncer.through(url), worker: false });
  });
  afterAll(() => pooled?.close());

  it('is healthy and trusted, and keeps hearing its test notices', async () => {
    expect(await health(pooled)).toMatchObject({ status: 'ok', changeFeed: { listening: true, trusted: true, problem: null } });
    // Several check intervals later it still hears them.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await health(pooled)).toMatchObject({ status: 'ok', changeFeed: { trusted: true } });
  });

  it("keeps its caches true from another process's changes", async () => {
    const id = await addProduct(direct, { name: 'Listening Owl', priceCents: 1100, stockQuantity: 7 });
    expect(await eventually(async () => ((await stockOf(pooled, id)) === 7 ? 7 : undefined))).toBe(7);

    await setStock(id, 3);

    expect(await eventually(async () => ((await stockOf(pooled, id)) === 3 ? 3 : undefined))).toBe(3);
  });
});
