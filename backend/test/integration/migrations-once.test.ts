import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { DEMO_CATALOG } from '../../src/catalog/demo-catalog';
import { migrations } from '../../src/migrations';
import { createScratchDatabase, ScratchDatabase } from '../../src/platform/database/scratch-database';
import { ShopProcess, startShopProcess } from '../support/shop-process';
import { oneMigrationBehind } from '../support/one-migration-behind';

/**
 * Several API processes (replicas, or the API and the worker) starting together on one database:
 * each pending migration is applied once, the demo catalogue is seeded once, and every one starts.
 */
jest.setTimeout(240_000);
const LATEST = migrations.at(-1)!.name;
let database: ScratchDatabase;
let dataDir: string;
const started: ShopProcess[] = [];

beforeAll(async () => {
  if (!existsSync(resolve(__dirname, '../../dist/main.js'))) throw new Error('dist/main.js is missing: run npm run build first (npm test does)');
  dataDir = await mkdtemp(join(tmpdir(), 'dc-test-'));
});
beforeEach(async () => {
  database = await createScratchDatabase('test');
});
afterEach(async () => {
  for (const p of started.splice(0)) p.kill();
  await database.drop();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function query<T>(sql: string): Promise<T[]> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const applied = (name: string) => query<{ n: string }>(`select count(*) as n from mikro_orm_migrations where name = '${name}'`).then(([r]) => Number(r!.n));

async function startTogether(count: number, env: Record<string, string> = {}): Promise<ShopProcess[]> {
  const processes = await Promise.all(
    Array.from({ length: count }, () =>
      startShopProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, QUEUE_PREFIX: `dc-test-${randomBytes(4).toString('hex')}`, SEED_DEMO_CATALOG: 'false', ...env }),
    ),
  );
  started.push(...processes);
  return processes;
}

it('applies a pending migration once when several processes start together, and every one of them starts', async () => {
  await oneMigrationBehind(database.url);
  expect(await applied(LATEST)).toBe(0);

  const processes = await startTogether(3);
  const outcomes = await Promise.allSettled(processes.map((p) => p.up(180_000)));

  expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
  expect(await applied(LATEST)).toBe(1);
  const [columns] = await query<{ n: string }>(`select count(*) as n from information_schema.columns where table_name = 'orders' and column_name = 'fulfilment'`);
  expect(Number(columns!.n)).toBe(1);
});

it('seeds the demo catalogue into an empty database once when several processes start together', async () => {
  const processes = await startTogether(3, { SEED_DEMO_CATALOG: 'true' });
  await Promise.all(processes.map((p) => p.up(180_000)));

  const [products] = await query<{ n: string }>('select count(*) as n from products');
  expect(Number(products!.n)).toBe(DEMO_CATALOG.length);
  expect(await applied(LATEST)).toBe(1);
});

it('leaves migrations to `npm run migrate` when MIGRATE_ON_START is off', async () => {
  await oneMigrationBehind(database.url);
  const [replica] = await startTogether(1, { MIGRATE_ON_START: 'false' });
  await replica!.up(180_000);
  expect(await applied(LATEST)).toBe(0);

  const job = await startShopProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, SEED_DEMO_CATALOG: 'true' }, 'cli/migrate.cli.js');
  started.push(job);

  expect(await job.exited).toBe(0);
  expect(await applied(LATEST)).toBe(1);
  const [products] = await query<{ n: string }>('select count(*) as n from products');
  expect(Number(products!.n)).toBe(DEMO_CATALOG.length);
});
