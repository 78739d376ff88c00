import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);

/**
 * Writes to disk what the bench's earlier loads left dirty (pgbench's database is hundreds of MB)
 * before a latency is measured: PostgreSQL's CHECKPOINT, then the kernel's `sync`. Without it the
 * kernel writes those pages back while the next load runs: a steady run that began within seconds of
 * a pgbench run had a cluster of 100-200 ms about 5 s in, in which every cart write waited on its
 * commit. Says what it could not do rather than fail the bench (CHECKPOINT needs a superuser or the
 * pg_checkpoint role).
 */
export async function settleDisk(databaseUrl: string): Promise<string[]> {
  const skipped: string[] = [];
  const client = new Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    await client.query('checkpoint');
  } catch (error) {
    skipped.push(`checkpoint: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  await run('sync').catch((error: Error) => skipped.push(`sync: ${error.message}`));
  return skipped;
}
