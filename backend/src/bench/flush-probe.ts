import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';

/** What the disk's flushes did during one measured run. */
export interface FlushReport {
  flushes: number;
  p99Ms: number;
  maxMs: number;
  /** Flushes of 20 ms or more: a commit waiting on one of them cannot answer within the target. */
  stalls: { at: number; ms: number }[];
}

const EVERY_MS = 10;
const STALL_MS = 20;

/**
 * The disk's flush latency, watched beside the measured runs: a 4 KB write and `fdatasync` every 10 ms
 * on the machine's temporary folder (on the bench's machine the same disk as PostgreSQL's WAL), as
 * a commit flushes its WAL. It runs in a worker thread, so its waits never hold up the load
 * generator. It is started once, before the runs, so that starting a worker (a Node environment
 * of its own) falls in no measured second. `report` answers for the flushes since the last report. A commit cannot answer faster than the flush it waits for: a run whose
 * slow cart writes line up with these stalls was held up by the disk, not by the shop.
 */
export class FlushProbe {
  private constructor(private readonly worker: Worker) {}

  static start(): FlushProbe {
    return new FlushProbe(new Worker(__filename));
  }

  /** The flushes since the last report (or the start). */
  report(): Promise<FlushReport> {
    const report = new Promise<FlushReport>((resolve) => this.worker.once('message', resolve));
    this.worker.postMessage('report');
    return report;
  }

  stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.postMessage('stop');
    return exited;
  }
}

function watchFlushes(): void {
  const dir = mkdtempSync(join(tmpdir(), 'dc-flush-probe-'));
  const fd = openSync(join(dir, 'probe'), 'w');
  const block = Buffer.alloc(4096, 1);
  let latencies: number[] = [];
  let stalls: FlushReport['stalls'] = [];
  let written = 0;
  const timer = setInterval(() => {
    const start = Date.now();
    const begun = performance.now();
    writeSync(fd, block, 0, block.length, (written++ % 256) * block.length);
    fdatasyncSync(fd);
    const ms = performance.now() - begun;
    latencies.push(ms);
    if (ms >= STALL_MS) stalls.push({ at: start, ms: Math.round(ms) });
  }, EVERY_MS);
  parentPort!.on('message', (message: 'report' | 'stop') => {
    if (message === 'stop') {
      clearInterval(timer);
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
      return parentPort!.close();
    }
    latencies.sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    parentPort!.postMessage({
      flushes: latencies.length,
      p99Ms: round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0),
      maxMs: round(latencies.at(-1) ?? 0),
      stalls,
    } satisfies FlushReport);
    latencies = [];
    stalls = [];
  });
}

if (!isMainThread) watchFlushes();
