import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import type { AppConfig } from '../config/app-config';

/** The advisory lock's name for preparing the database (hashed as the event store's locks are). */
export const PREPARE_LOCK = 'dark-circle:prepare-database';

/**
 * Runs `work` (migrations, the demo seed) while holding an advisory lock, so processes starting
 * together take turns: the first applies what is pending, the others then find nothing left to do
 * (`waited` tells them another process went first).
 * The lock is taken on a connection of its own, the direct one (`LISTEN_DATABASE_URL`) when set,
 * inside a transaction held open while `work` runs through the pool: a transaction keeps its
 * server connection even behind a transaction-mode pooler, and its end (or this process dying)
 * lets the lock go, where a session lock would stay behind on a pooled server connection.
 * The embedded database serves one process.
 */
export async function underPrepareLock<T>(config: Pick<AppConfig, 'embeddedDatabase' | 'databaseUrl' | 'LISTEN_DATABASE_URL'>, work: (lock: { waited: boolean }) => Promise<T>): Promise<T> {
  if (config.embeddedDatabase) return work({ waited: false });
  const client = new Client({ connectionString: config.LISTEN_DATABASE_URL ?? config.databaseUrl, application_name: 'dc-prepare-lock' });
  // A connection lost while holding the lock only ends the lock; the work's own transactions stand.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('begin');
    const [free] = (await client.query<{ locked: boolean }>('select pg_try_advisory_xact_lock(hashtext($1)) as locked', [PREPARE_LOCK])).rows;
    if (!free?.locked) {
      new Logger('Migrations').log('Another process is preparing the database; waiting for it.');
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [PREPARE_LOCK]);
    }
    const result = await work({ waited: !free?.locked });
    await client.query('commit');
    return result;
  } finally {
    await client.end().catch(() => undefined);
  }
}
