import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { createScratchDatabase, type ScratchDatabase } from '../../src/platform/database/scratch-database';

export type { ScratchDatabase };

/**
 * Upgrade fixtures: a shop's whole database as an older release of the code left it (migrated, with
 * a cart, a paid order and a refund in it), dumped to plain SQL, and beside it what that release's
 * API answered about them. `test/integration/upgrade.test.ts` starts the code of today on each one.
 */
export const UPGRADE_FIXTURES = resolve(__dirname, '../fixtures/upgrade');

/** One API answer as the older release gave it: `GET path`, signed in as the studio or not. */
export interface RecordedAnswer {
  path: string;
  admin: boolean;
  body: unknown;
}

/** `<name>.json`, beside `<name>.sql`. */
export interface UpgradeFixtureFacts {
  /** The commit that made it, pg_dump's version, when. */
  madeFrom: { commit: string; pgDump: string; madeAt: string };
  /** The settings its data depends on (status links are signed with LINK_SECRET): the upgraded shop runs with them too. */
  env: Record<string, string>;
  /** `mikro_orm_migrations` as the older release left it, in order. */
  migrations: string[];
  eventCount: number;
  order: { id: string; number: string; totalCents: number; paymentId: string; statusToken: string };
  refund: { id: string; amount: string; status: string };
  /** A cart still open, with its lines. */
  cart: { id: string; sessionId: string; lines: { productId: number; quantity: number }[] };
  /** The cart the order was paid from (emptied by the sale). */
  paidCart: { id: string; sessionId: string };
  productIds: number[];
  answers: RecordedAnswer[];
}

/** The names of the fixtures in the folder (`<name>.sql` with its `<name>.json`). */
export function upgradeFixtureNames(): string[] {
  return readdirSync(UPGRADE_FIXTURES)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => f.slice(0, -'.sql'.length))
    .sort();
}

export const fixturePath = (name: string, ext: 'sql' | 'json') => join(UPGRADE_FIXTURES, `${name}.${ext}`);

const run = promisify(execFile);

/**
 * The database as plain SQL that node-postgres can run in one go: row by row (`--inserts`), without
 * owners or grants (the shop's database user may be named otherwise), and without the psql
 * meta-commands newer pg_dump versions print (`\restrict`, `\unrestrict`, `\connect`).
 */
export async function dumpDatabase(url: string): Promise<{ sql: string; version: string }> {
  const { stdout } = await run('pg_dump', ['--inserts', '--no-owner', '--no-privileges', '--dbname', url], { maxBuffer: 64 * 1024 * 1024 });
  const { stdout: version } = await run('pg_dump', ['--version']);
  const sql = stdout
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  return { sql, version: version.trim() };
}

/** A fresh database with `sql` (a dump) loaded into it. */
export async function databaseFromDump(sql: string): Promise<ScratchDatabase> {
  const database = await createScratchDatabase('test');
  try {
    await query(database.url, sql);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
}

/** Runs `sql` on its own connection (several statements when no parameters are given). */
export async function query<T = Record<string, unknown>>(url: string, sql: string, params?: unknown[]): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(sql, params);
    return (Array.isArray(result) ? [] : result.rows) as T[];
  } finally {
    await client.end();
  }
}
