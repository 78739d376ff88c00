import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import type { AppConfig } from '../config/app-config';

/** pg_advisory_lock's key for preparing the database (any fixed number no other lock of the shop uses). */
const PREPARE_LOCK_KEY = 7_310_001;

/**
 * Runs `work` (migrations, the demo seed) while holding a session advisory lock, so processes
 * starting together take turns: the first applies what is pending, the others then find nothing
 * left to do. The lock is held on a direct connection (`LISTEN_DATABASE_URL` when set), since a
 * transaction-mode pooler would hand the session to someone else between statements. PostgreSQL
 * lets the lock go if this process dies holding it. The embedded database serves one process.
 */
export async function underPrepareLock<T>(config: Pick<AppConfig, 'embeddedDatabase' | 'databaseUrl' | 'LISTEN_DATABASE_URL'>, work: () => Promise<T>): Promise<T> {
  if (config.embeddedDatabase) return work();
  const client = new Client({ connectionString: config.LISTEN_DATABASE_URL ?? config.databaseUrl, application_name: 'dc-prepare-lock' });
  // A connection lost while holding the lock only ends the lock; the work's own transactions stand.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const [free] = (await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [PREPARE_LOCK_KEY])).rows;
    if (!free?.locked) {
      new Logger('Migrations').log('Another process is preparing the database; waiting for it.');
      await client.query('select pg_advisory_lock($1)', [PREPARE_LOCK_KEY]);
    }
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}
