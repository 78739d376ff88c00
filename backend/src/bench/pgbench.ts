import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createScratchDatabase } from '../platform/database/scratch-database';

const run = promisify(execFile);

/** PostgreSQL's own TPC-B-like load on a scratch database of the same server: the ceiling cart writes are set beside. */
export async function measurePgbench(clients: number, seconds: number): Promise<{ tps: number } | { skipped: string }> {
  const database = await createScratchDatabase('bench');
  try {
    // Scale as large as the clients, as pgbench's manual asks: at scale 1 every transaction waits
    // for the one branch row, and the ceiling measured would be half what the server gives.
    await run('pgbench', ['-i', '-q', '-s', String(clients), database.url]);
    const { stdout } = await run('pgbench', ['-c', String(clients), '-j', '2', '-T', String(seconds), database.url]);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return { tps: Math.round(Number(tps[1])) };
  } catch (error) {
    // Without the pgbench binary the rest of the bench still means something.
    if ((error as { code?: string }).code === 'ENOENT') return { skipped: 'pgbench is not installed' };
    throw error;
  } finally {
    await database.drop();
  }
}
