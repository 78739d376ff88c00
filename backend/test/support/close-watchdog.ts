import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import { QUEUE_PROCESSORS } from '../../src/platform/jobs/queue-processors';

const SLOW_CLOSE_MS = 20_000;

/**
 * Closes a test app, and when that takes longer than 20 s prints what is still holding it: the
 * workers' active jobs, the app's database sessions (a transaction idle or waiting on a lock), and
 * Node's open resources. It found a close held for the keep-alive timeout by a connection whose
 * request was under way when the close began (fixed in `platform/web/close-connections.ts`); it says
 * where the next slow close stands.
 */
export async function closeWatched(app: INestApplication, databaseUrl: string, label: string): Promise<void> {
  const timer = setTimeout(() => void report(app, databaseUrl, label), SLOW_CLOSE_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}

async function report(app: INestApplication, databaseUrl: string, label: string): Promise<void> {
  const lines = [`app.close() of ${label} still running after ${SLOW_CLOSE_MS / 1000} s`];
  for (const processor of QUEUE_PROCESSORS) {
    try {
      const worker = app.get(processor, { strict: false }).worker;
      lines.push(`worker ${worker.name}: running ${worker.isRunning()}, closing ${Boolean(worker.closing)}, active jobs ${JSON.stringify(await activeJobs(worker))}`);
    } catch (error) {
      lines.push(`worker ${processor.name}: ${error instanceof Error ? error.message : error}`);
    }
  }
  lines.push(...(await sessions(databaseUrl)));
  lines.push(`open resources: ${process.getActiveResourcesInfo().join(', ')}`);
  console.error(lines.join('\n'));
}

async function activeJobs(worker: { name: string; opts: { connection?: unknown; prefix?: string } }): Promise<string[]> {
  // The worker's own queue, read through its connection: the jobs it has taken and not finished.
  const { Queue } = await import('bullmq');
  const queue = new Queue(worker.name, { connection: worker.opts.connection as never, prefix: worker.opts.prefix });
  try {
    return (await queue.getActive()).map((job) => `${job.name}#${job.id}`);
  } finally {
    await queue.close();
  }
}

async function sessions(databaseUrl: string): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query(
      `select pid, state, wait_event_type, wait_event, now() - xact_start as in_transaction, left(query, 160) as query
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows.map((r) => `session ${r.pid}: ${r.state} ${r.wait_event_type ?? ''}/${r.wait_event ?? ''} in transaction ${r.in_transaction ?? '-'}: ${r.query}`);
  } catch (error) {
    return [`database sessions: ${error instanceof Error ? error.message : error}`];
  } finally {
    await client.end().catch(() => undefined);
  }
}
