import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createScratchDatabase } from '../platform/database/scratch-database';
import { settleDisk } from './settle-disk';

const run = promisify(execFile);

export type PgbenchResult = { tps: number; p50Ms: number; p99Ms: number } | { skipped: string };

/**
 * PostgreSQL's own TPC-B-like load on a scratch database of the same server: the ceiling cart
 * writes are set beside, in rate and in latency (from pgbench's log of every transaction).
 */
export async function measurePgbench(clients: number, seconds: number): Promise<PgbenchResult> {
  const database = await createScratchDatabase('bench');
  const logDir = mkdtempSync(join(tmpdir(), 'dc-pgbench-'));
  try {
    // Scale as large as the clients, as pgbench's manual asks: at scale 1 every transaction waits
    // for the one branch row, and the ceiling measured would be half what the server gives.
    await run('pgbench', ['-i', '-q', '-s', String(clients), database.url]);
    const { stdout } = await run('pgbench', ['-c', String(clients), '-j', '2', '-T', String(seconds), '-l', `--log-prefix=${join(logDir, 'tx')}`, database.url]);
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    const latencies = transactionLatenciesMs(logDir);
    return { tps: Math.round(Number(tps[1])), p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99) };
  } catch (error) {
    // Without the pgbench binary the rest of the bench still means something.
    if ((error as { code?: string }).code === 'ENOENT') return { skipped: 'pgbench is not installed' };
    throw error;
  } finally {
    rmSync(logDir, { recursive: true, force: true });
    await database.drop();
  }
}

/** pgbench's load at a steady rate on a database of its own, ready for runs: each run's p99 (ms). */
export interface SteadyPgbench {
  run(seconds: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * The same load at a steady `rate` (pgbench's `--rate`), run by run after the shop's own steady
 * runs: what the database and the machine alone give at that rate, in the same minutes. Its
 * database is settled on disk before the first run. Undefined without the pgbench binary.
 */
export async function steadyPgbench(clients: number, rate: number): Promise<SteadyPgbench | undefined> {
  const database = await createScratchDatabase('bench');
  try {
    await run('pgbench', ['-i', '-q', '-s', String(clients), database.url]);
    // Left dirty, its 400 MB were written back by the kernel 30 s later, in the fourth run (40-580 ms).
    await settleDisk(database.url);
  } catch (error) {
    await database.drop();
    if ((error as { code?: string }).code === 'ENOENT') return undefined;
    throw error;
  }
  return {
    async run(seconds) {
      const logDir = mkdtempSync(join(tmpdir(), 'dc-pgbench-'));
      try {
        await run('pgbench', ['-c', String(clients), '-j', '2', '-T', String(seconds), '-R', String(rate), '-l', `--log-prefix=${join(logDir, 'tx')}`, database.url]);
        return percentile(transactionLatenciesMs(logDir), 0.99);
      } finally {
        rmSync(logDir, { recursive: true, force: true });
      }
    },
    close: () => database.drop(),
  };
}

/**
 * Every transaction's latency from pgbench's per-thread logs (third field, in microseconds), sorted;
 * under `--rate` plus its lag behind its schedule (seventh field), so that it counts from when it was
 * due, as the shop's steady load does.
 */
function transactionLatenciesMs(logDir: string): number[] {
  return readdirSync(logDir)
    .flatMap((file) => readFileSync(join(logDir, file), 'utf8').split('\n'))
    .filter(Boolean)
    .map((line) => line.split(' '))
    .map((fields) => (Number(fields[2]) + Number(fields[6] ?? 0)) / 1000)
    .sort((a, b) => a - b);
}

const percentile = (sorted: number[], share: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]! * 10) / 10;
