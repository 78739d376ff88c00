import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The server tests and benchmarks create their databases on; CI and the dev machines run PostgreSQL here. */
const ADMIN_URL = process.env.SCRATCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database (one per test file, one per benchmark run), dropped when done. */
export async function createScratchDatabase(purpose: 'test' | 'bench'): Promise<ScratchDatabase> {
  const name = `dc_${purpose}_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

async function admin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
