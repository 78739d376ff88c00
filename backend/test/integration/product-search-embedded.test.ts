import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ShopProcess, startShopProcess } from '../support/shop-process';

// The shop with nothing configured runs on the embedded PGlite (no DATABASE_URL): the search's
// migration (pg_trgm, its indexes, the refresh function) and its one statement must work there as
// on PostgreSQL. The built API in a process of its own (PGlite loads its extension by a dynamic
// import, which jest's module sandbox refuses).
let dataDir: string;
let shop: ShopProcess;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dc-embedded-search-'));
  shop = await startShopProcess({ DATA_DIR: dataDir, SEED_DEMO_CATALOG: 'true', QUEUE_PREFIX: 'dc-test-embedded-search' });
  await shop.up(120_000, '/api/products');
}, 130_000);
afterAll(async () => {
  shop?.kill();
  await shop?.exited;
  await rm(dataDir, { recursive: true, force: true });
});

const search = async (q: string) => {
  const res = await fetch(`${shop.url}/api/products?${new URLSearchParams({ q })}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { name: string }[]).map((p) => p.name);
};

it('searches the embedded database as PostgreSQL does: typos forgiven, ranked, SKUs, bad input harmless', async () => {
  const found = await search('ravn hodie');
  expect(found[0]).toBe('Raven Embroidered Hoodie');
  expect(found).toContain('Coven Zip Hoodie');
  expect((await search('DC-COVEN-M'))[0]).toBe('Coven Zip Hoodie');
  expect(await search("'; drop table products; -- \\ :* | (")).toEqual([]);
  expect(((await (await fetch(`${shop.url}/api/products`)).json()) as unknown[]).length).toBeGreaterThan(10);
});
