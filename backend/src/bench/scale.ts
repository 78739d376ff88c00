import { ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cartLines, changeQuantityOf } from './cart-lines';
import { measure, Measurement } from './measure';
import { stop, waitFor } from './processes';

const CONNECTIONS = 32;
const CARTS = 200;
const WARM_UP_SECONDS = 2;

export interface ScaleOptions {
  /** The settings every replica shares (database, Square, rate limits…). */
  env: Record<string, string>;
  productId: number;
  /** Ports for the two replicas. */
  ports: [number, number];
  seconds: number;
  /** How many turns of one replica, then two, are measured (the machine drifts: turns spread it over both). */
  turns: number;
}

/**
 * One API replica behind the round-robin balancer, then two behind it, in turns on the same
 * database: products read and cart writes at saturation, and their ratio (two ÷ one). Both sides go
 * through the balancer, so the ratio is the replicas' own, not the balancer's cost.
 */
export async function measureScale(options: ScaleOptions) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dc-bench-scale-'));
  const replicas: ChildProcess[] = [];
  const balancers: ChildProcess[] = [];
  try {
    for (const [i, port] of options.ports.entries()) {
      replicas.push(await startReplica({ ...options.env, DATA_DIR: dataDir, MIGRATE_ON_START: 'false' }, port, join(dataDir, `replica-${i}.log`)));
    }
    const urls = options.ports.map((port) => `http://127.0.0.1:${port}`);
    const one = await startBalancer(urls.slice(0, 1));
    const two = await startBalancer(urls);
    balancers.push(one.child, two.child);
    const itemIds = await cartLines(urls[0]!, options.productId, CARTS, 'bench_scale');
    const loads = (base: string) => ({
      products: {
        url: `${base}/api/products`,
        connections: CONNECTIONS,
        seconds: options.seconds,
      },
      cartWrites: {
        url: `${base}/api/cart`,
        method: 'PATCH' as const,
        connections: CONNECTIONS,
        seconds: options.seconds,
        headers: { 'content-type': 'application/json' },
        next: changeQuantityOf(itemIds),
      },
    });
    const sides = { one: loads(one.url), two: loads(two.url) };
    for (const side of Object.values(sides)) for (const load of Object.values(side)) await measure({ ...load, seconds: WARM_UP_SECONDS });
    const runs = {
      one: { products: [] as Measurement[], cartWrites: [] as Measurement[] },
      two: { products: [] as Measurement[], cartWrites: [] as Measurement[] },
    };
    for (let turn = 0; turn < options.turns; turn++) {
      for (const what of ['products', 'cartWrites'] as const) {
        for (const side of ['one', 'two'] as const) runs[side][what].push(await measure(sides[side][what]));
      }
    }
    const side = (what: 'products' | 'cartWrites') => {
      const [oneRuns, twoRuns] = [runs.one[what], runs.two[what]];
      const mean = (r: Measurement[]) => Math.round(r.reduce((sum, m) => sum + m.requestsPerSec, 0) / r.length);
      return {
        oneReplica: { requestsPerSec: mean(oneRuns), perRun: oneRuns },
        twoReplicas: { requestsPerSec: mean(twoRuns), perRun: twoRuns },
        ratioTwoToOne: Math.round((mean(twoRuns) / mean(oneRuns)) * 100) / 100,
        ratioPerTurn: oneRuns.map((r, i) => Math.round((twoRuns[i]!.requestsPerSec / r.requestsPerSec) * 100) / 100),
      };
    };
    return {
      note:
        `This machine has ${availableParallelism()} cores, shared by the replicas, the balancer, the load generator, PostgreSQL and ` +
        'whatever else runs on it: two replicas cannot show scaling here, only its cost. Read the ratios, not the absolute numbers.',
      cores: availableParallelism(),
      balancer: 'round-robin per request (src/bench/round-robin-proxy.ts), in a process of its own, in front of both sides',
      connections: CONNECTIONS,
      secondsPerRun: options.seconds,
      turns: options.turns,
      products: side('products'),
      cartWrites: side('cartWrites'),
    };
  } finally {
    for (const child of [...balancers, ...replicas]) await stop(child);
  }
}

/** An API replica as the scaled deployment runs it (`main.js`: no worker), its log in `logFile`. */
async function startReplica(env: Record<string, string>, port: number, logFile: string): Promise<ChildProcess> {
  const { LOG_LEVEL: _level, ...inherited } = process.env;
  const child = fork(join(__dirname, '..', 'main.js'), [], {
    env: { ...inherited, ...env, PORT: String(port) },
    stdio: ['ignore', openSync(logFile, 'a'), 'inherit', 'ipc'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, child);
  return child;
}

async function startBalancer(backends: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(join(__dirname, 'balancer-process.js'), backends, {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve(String(message)));
    child.once('exit', (code) => reject(new Error(`the balancer exited with ${code}`)));
  });
  return { child, url };
}
