import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { DEMO_CATALOG } from '../../src/catalog/demo-catalog';
import { migrations } from '../../src/migrations';
import { ormOptions } from '../../src/platform/database/orm-options';
import { PREPARE_LOCK } from '../../src/platform/database/prepare-lock';
import { createScratchDatabase, ScratchDatabase } from '../../src/platform/database/scratch-database';
import { ShopProcess, startShopProcess } from '../support/shop-process';
import { oneMigrationBehind } from '../support/one-migration-behind';
import { until } from '../support/recovery-fixtures';

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

/** What `npm run migrate` printed: its sentence, then its report (the last line, JSON). */
const reportOf = (output: string) => {
  const lines = output.trim().split('\n');
  return { said: lines.at(-2), report: JSON.parse(lines.at(-1)!) as Record<string, unknown> };
};

it('says `npm run migrate` applied nothing when another process applied the migrations while it waited for the lock', async () => {
  await oneMigrationBehind(database.url);
  // Another process (a replica starting, a second job) holds the lock, about to migrate.
  const other = new Client({ connectionString: database.url });
  await other.connect();
  await other.query('begin');
  await other.query('select pg_advisory_xact_lock(hashtext($1))', [PREPARE_LOCK]);
  const job = await startShopProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, SEED_DEMO_CATALOG: 'false' }, 'cli/migrate.cli.js');
  started.push(job);
  try {
    await until(
      async () => Number((await query<{ n: string }>(`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`))[0]!.n) === 1,
      'the job to wait for the lock',
      60_000,
    );
    const orm = await MikroORM.init(ormOptions(database.url, false));
    await orm.getMigrator().up();
    await orm.close();
  } finally {
    await other.query('commit');
    await other.end();
  }

  expect(await job.exited).toBe(0);
  expect(await applied(LATEST)).toBe(1);
  const { said, report } = reportOf(job.output());
  expect(report).toEqual({ applied: [], latest: LATEST, seeded: 0 });
  expect(said).toBe(`Applied no migrations: another process applied them while this one waited for the migration lock; the database is up to date (${LATEST}).`);
});

it('says which migrations `npm run migrate` applied, and that it applied none to an up-to-date database', async () => {
  await oneMigrationBehind(database.url);
  const first = await startShopProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, SEED_DEMO_CATALOG: 'false' }, 'cli/migrate.cli.js');
  started.push(first);
  expect(await first.exited).toBe(0);
  expect(reportOf(first.output())).toEqual({ said: `Applied 1 migration: ${LATEST}.`, report: { applied: [LATEST], latest: LATEST, seeded: 0 } });

  const again = await startShopProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, SEED_DEMO_CATALOG: 'false' }, 'cli/migrate.cli.js');
  started.push(again);
  expect(await again.exited).toBe(0);
  expect(reportOf(again.output())).toEqual({ said: `Applied no migrations: the database is up to date (${LATEST}).`, report: { applied: [], latest: LATEST, seeded: 0 } });
});
