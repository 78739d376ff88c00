import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createScratchDatabase, ScratchDatabase } from '../../src/platform/database/scratch-database';
import { heldRequest } from '../support/held-request';
import { ShopProcess, startShopProcess } from '../support/shop-process';

/**
 * SIGTERM behind a load balancer: for SHUTDOWN_DRAIN_MS readiness (and health) answer 503 so the
 * balancer takes the replica out, while it still serves what comes and finishes what is under
 * way; then the listener closes and the process exits cleanly. Liveness stays 200 throughout.
 */
jest.setTimeout(120_000);
const DRAIN_MS = 3_000;
let database: ScratchDatabase;
let dataDir: string;
let shop: ShopProcess;

beforeAll(async () => {
  if (!existsSync(resolve(__dirname, '../../dist/main.js'))) throw new Error('dist/main.js is missing: run npm run build first (npm test does)');
  database = await createScratchDatabase('test');
  dataDir = await mkdtemp(join(tmpdir(), 'dc-test-'));
  shop = await startShopProcess({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    QUEUE_PREFIX: `dc-test-${randomBytes(4).toString('hex')}`,
    SEED_DEMO_CATALOG: 'false',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
  });
  await shop.up(90_000);
});
afterAll(async () => {
  shop?.kill();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${shop.url}${path}`, { headers: { connection: 'close' } });

it('answers readiness 503 while draining, still finishes a request under way, then closes and exits cleanly', async () => {
  expect((await get('/api/health/ready')).status).toBe(200);
  expect(await (await get('/api/health/live')).json()).toEqual({ status: 'alive' });
  const cart = (await (
    await fetch(`${shop.url}/api/cart`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sessionId: 'session_drain_0000000000' }) })
  ).json()) as { id: string };
  const held = heldRequest(shop.url, `/api/cart/${cart.id}/contact`, { name: 'Held Through The Drain', email: 'held@b.co' });
  await held.taken;

  shop.child.kill('SIGTERM');
  let ready: Response;
  do ready = await get('/api/health/ready');
  while (ready.status === 200);

  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual({ status: 'draining', database: { up: true } });
  const healthWhileDraining = await get('/api/health');
  expect(healthWhileDraining.status).toBe(503);
  expect(await healthWhileDraining.json()).toMatchObject({ status: 'draining' });
  // Still alive, and still serving a request that reaches it meanwhile.
  expect((await get('/api/health/live')).status).toBe(200);
  expect((await get('/api/products')).status).toBe(200);

  held.release();
  // Its own connection, closed after it.
  expect(await held.done).toEqual({ status: 200, connection: 'close' });

  // Then the listener closes, and the process exits on its own.
  expect(await shop.exited).toBe(0);
  await expect(get('/api/health/live')).rejects.toThrow();
});
