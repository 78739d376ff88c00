import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSettings } from '../platform/config/app-config';
import { createScratchDatabase } from '../platform/database/scratch-database';
import { storefrontImagesDir } from '../site';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_APPLICATION_ID, EMULATOR_LOCATION_ID, startSquareEmulator } from '../stand-ins';
import { addBenchProduct } from './bench-product';
import { cartLines, changeQuantityOf } from './cart-lines';
import { measureCheckouts } from './checkouts';
import { FlushProbe, FlushReport } from './flush-probe';
import type { ProbeReport } from './loop-probe';
import { measure, Measurement } from './measure';
import { measureAppends, measureRebuild } from './event-store-load';
import { PacedGenerator, type PacedMeasurement } from './paced';
import { measurePgbench, steadyPgbench } from './pgbench';
import { probed, startBareServer, startShop, stop } from './processes';
import { measureScale } from './scale';
import { measureSearch } from './search';
import { settleDisk } from './settle-disk';

const API_PORT = Number(process.env.BENCH_API_PORT ?? 3901);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 3902);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 32;
const CARTS = 1000;
const SHOPPERS = 8;
const REBUILD_EVENTS = Number(process.env.BENCH_REBUILD_EVENTS ?? 200_000);
/** The steady load whose cart-write p99 is watched, and how many runs of it are printed (it swings from run to run). */
const STEADY_RATE = 200;
const STEADY_RUNS = Number(process.env.BENCH_STEADY_RUNS ?? 5);
const SCALE_TURNS = Number(process.env.BENCH_SCALE_TURNS ?? 2);
/** The parts of the bench to run, e.g. `BENCH_ONLY=carts,steady` while working on one of them; unset: all. */
const PARTS = ['products', 'poll', 'carts', 'steady', 'checkouts', 'scale', 'search', 'appends', 'rebuild'] as const;
type Part = (typeof PARTS)[number];
const ONLY = process.env.BENCH_ONLY?.split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const unknown = ONLY?.filter((part) => !PARTS.includes(part as Part));
if (unknown?.length) throw new Error(`BENCH_ONLY: unknown part(s) ${unknown.join(', ')}; the parts are ${PARTS.join(', ')}`);
const runs = (part: Part) => !ONLY || ONLY.includes(part);
/** Runs `measure` if its part is selected; unselected parts are left out of the report. */
const part = async <T>(name: Part, measure: () => Promise<T>): Promise<T | undefined> => (runs(name) ? measure() : undefined);

/** Headers that belong to the connection or the moment, which node:http writes itself; the bare server repeats every other. */
const OWN_HEADERS = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

const api = (path: string) => `http://127.0.0.1:${API_PORT}${path}`;
const postJson = async <T>(path: string, body: unknown): Promise<T> =>
  (await fetch(api(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<T>;

/**
 * `npm run bench`: the shop as `npm start` runs it, on a fresh real-PostgreSQL database, beside a
 * bare node:http server sending the same bytes and beside pgbench on the same server, all measured
 * in this run; then the event store alone. Prints one JSON document.
 *
 * `npm run bench` starts this process with `--no-memory-reducer` (V8 reads it only at start). This
 * process holds 80-150 MB (the app context it seeds through, the Square stand-in, autocannon's
 * loads), and once its own work was done V8's memory reducer ran three full collections 0.7 s apart
 * in it, each taking a core from the shop and the database for ~100 ms: the steady run they fell in
 * had three clusters of slow cart writes 0.7 s apart (its p99 25-28 ms against 5-9 ms).
 */
async function main(): Promise<void> {
  if (!process.execArgv.includes('--no-memory-reducer')) console.warn('Run through `npm run bench`: without --no-memory-reducer this process collects during the steady runs.');
  const database = await createScratchDatabase('bench');
  const productId = await addBenchProduct(database.url);
  // Square's stand-in runs here, outside the shop's process, as the real Square would.
  const square = await startSquareEmulator({ port: 0, host: '127.0.0.1', imagesDir: storefrontImagesDir(loadSettings({})) });
  const dataDir = mkdtempSync(join(tmpdir(), 'dc-bench-data-'));
  const logFile = join(dataDir, 'shop.log');
  const shopEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    QUEUE_PREFIX: 'dc-bench',
    // The checkout shoppers all come from this machine: the card-testing limit would count them as one.
    PAYMENT_RATE_LIMIT_PER_ADDRESS: '1000000',
    // And the units their unfinished checkouts hold at once.
    HOLD_UNITS_PER_CLIENT: '1000000',
    // Likewise the carts they make and the contact details they give.
    CART_RATE_LIMIT_PER_ADDRESS: '1000000',
    CONTACT_RATE_LIMIT_PER_ADDRESS: '1000000',
    SQUARE_BASE_URL: square.url,
    SQUARE_ACCESS_TOKEN: EMULATOR_ACCESS_TOKEN,
    SQUARE_APPLICATION_ID: EMULATOR_APPLICATION_ID,
    SQUARE_LOCATION_ID: EMULATOR_LOCATION_ID,
  };
  const child = await startShop(shopEnv, API_PORT, logFile);
  let report: Record<string, unknown>;
  try {
    const itemIds = runs('carts') || runs('steady') ? await cartLines(api(''), productId, CARTS, 'bench_session') : [];
    report = {
      database: 'postgresql',
      shop: 'npm start (API and worker in one process, default log level)',
      shopLog: logFile,
      ...(ONLY ? { only: ONLY } : {}),
      loadAverageAtStart: loadavg().map((n) => Math.round(n * 100) / 100),
      connections: CONNECTIONS,
      seconds: SECONDS,
      getProducts: await part('products', () => versusBareServer('/api/products', {}, 0.5)),
      cartPoll304: await part('poll', () => cartPoll(productId)),
      cartWrites: await part('carts', () => cartWrites(itemIds)),
      cartWritesSteady: await part('steady', () => steadyCartWrites(child, itemIds, database.url)),
      checkouts: await part('checkouts', () => measureCheckouts(api(''), productId, SHOPPERS, SECONDS)),
    };
  } finally {
    await stop(child);
  }
  try {
    // The same database, Square and limits, as the scaled deployment runs them: API replicas (main.js) behind a balancer.
    report.scale = await part('scale', () => measureScale({ env: shopEnv, productId, ports: [API_PORT + 10, API_PORT + 11], seconds: SECONDS / 2, turns: SCALE_TURNS }));
    // Search over a catalogue of its own (2,000 products), on a database of its own, the same Square and limits.
    report.search = await part('search', () => measureSearch(shopEnv, API_PORT + 20, dataDir));
  } finally {
    await square.close();
    await database.drop();
  }
  report.appends = await part('appends', async () => ({ ...(await measureAppends(CONNECTIONS, SECONDS)), target: 10_000 }));
  report.rebuild = await part('rebuild', async () => ({ ...(await measureRebuild(REBUILD_EVENTS)), target: 20_000 }));
  report.loadAverageAtEnd = loadavg().map((n) => Math.round(n * 100) / 100);
  console.log(JSON.stringify(report, null, 2));
}

/** Measures a GET on the API and on a bare server answering with the bytes and headers the API sent, in turns. */
async function versusBareServer(path: string, headers: Record<string, string>, target?: number) {
  // As autocannon asks: without this fetch would ask for (and undo) a compressed body.
  const sample = await fetch(api(path), { headers: { ...headers, 'accept-encoding': 'identity' } });
  const copied = Object.fromEntries([...sample.headers].filter(([name]) => !OWN_HEADERS.has(name)));
  const bodyFile = join(mkdtempSync(join(tmpdir(), 'dc-bench-')), 'body');
  writeFileSync(bodyFile, Buffer.from(await sample.arrayBuffer()));

  const bare = await startBareServer(bodyFile, BARE_PORT, copied, sample.status);
  const shop = { url: api(path), connections: CONNECTIONS, headers };
  const baseline = { url: `http://127.0.0.1:${BARE_PORT}/`, connections: CONNECTIONS, headers };
  // Both warmed up (the JIT, the connections) before either is measured, then measured in turns,
  // half the time each turn, so that the machine's drift falls on both sides alike.
  for (const load of [shop, baseline]) await measure({ ...load, seconds: WARM_UP_SECONDS });
  const turns: Measurement[][] = [[], []];
  for (let round = 0; round < 2; round++) {
    for (const [side, load] of [shop, baseline].entries()) turns[side].push(await measure({ ...load, seconds: SECONDS / 2 }));
  }
  await stop(bare);
  const [measured, base] = turns.map(combine);
  return compare(sample.status, measured, base, target);
}

/**
 * Changing a line's quantity across many carts (each a command: read the stream and the product,
 * decide, append, project, answer), then pgbench's TPC-B-like load with as many clients for as long.
 */
async function cartWrites(itemIds: string[]) {
  const load = { url: api('/api/cart'), method: 'PATCH' as const, connections: CONNECTIONS, headers: { 'content-type': 'application/json' }, next: changeQuantityOf(itemIds) };
  // Warmed up first (the JIT, the pool's connections), as the reads are.
  await measure({ ...load, seconds: WARM_UP_SECONDS });
  const measured = await measure({ ...load, seconds: SECONDS });
  const pgbench = await measurePgbench(CONNECTIONS, SECONDS);
  const ratio = 'tps' in pgbench ? Math.round((measured.requestsPerSec / pgbench.tps) * 100) / 100 : null;
  return { api: measured, pgbench, ratioToPgbench: ratio, target: { p99Ms: 30, ratioToPgbench: 0.45 } };
}

/**
 * Cart writes at a steady rate well below saturation (evenly paced: see paced.ts), in several runs:
 * the p99 of each run, since it swings from run to run (a single figure hides that); beside it what
 * the shop's event loop went through meanwhile (its delay's p99, its GC pauses and full collections),
 * the disk's flush latency in the same seconds (see flush-probe.ts), and then pgbench at the same
 * rate, as many runs: what the database and the machine alone give. The disk is settled first (see
 * settle-disk.ts), and pgbench runs after the shop's runs rather than between them, for the same
 * reason: the pages its writes dirty are written back seconds later, in the next run's time.
 * BENCH_STALLS=1 lists the loop's stalls, the full collections and the disk's stalls with their
 * times, to set beside the shop's log.
 */
async function steadyCartWrites(shop: ChildProcess, itemIds: string[], databaseUrl: string) {
  const load = {
    url: api('/api/cart'),
    method: 'PATCH' as const,
    connections: CONNECTIONS,
    rate: STEADY_RATE,
    headers: { 'content-type': 'application/json' },
    next: changeQuantityOf(itemIds),
  };
  const runs: { result: PacedMeasurement; probe: ProbeReport; disk: FlushReport; from: string }[] = [];
  const unsettled = await settleDisk(databaseUrl);
  const generator = await PacedGenerator.start();
  const flushes = FlushProbe.start();
  try {
    await generator.run({ ...load, seconds: WARM_UP_SECONDS });
    await flushes.report();
    for (let run = 0; run < STEADY_RUNS; run++) {
      const from = new Date().toISOString();
      const measured = await probed(shop, () => generator.run({ ...load, seconds: SECONDS }));
      runs.push({ from, ...measured, disk: await flushes.report() });
    }
  } finally {
    await Promise.all([generator.stop(), flushes.stop()]);
  }
  const pgbench = await steadyPgbench(CONNECTIONS, STEADY_RATE);
  const pgbenchP99s: number[] = [];
  try {
    for (let run = 0; pgbench && run < STEADY_RUNS; run++) pgbenchP99s.push(await pgbench.run(SECONDS));
  } finally {
    await pgbench?.close();
  }
  return {
    requestsPerSec: STEADY_RATE,
    seconds: SECONDS,
    p99MsPerRun: runs.map((r) => r.result.p99Ms),
    worstP99Ms: Math.max(...runs.map((r) => r.result.p99Ms)),
    non2xx: runs.reduce((n, r) => n + r.result.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.result.errors, 0),
    target: { p99Ms: 20 },
    shopLoopPerRun: runs.map(({ from, probe: { stalls, majorGcs, ...probe } }) => ({
      from,
      ...probe,
      majorGcs: process.env.BENCH_STALLS ? majorGcs : majorGcs.length,
      stalls: process.env.BENCH_STALLS ? stalls : stalls.length,
    })),
    loadGeneratorPerRun: runs.map((r) => r.result.generator),
    diskFlushPerRun: runs.map(({ disk: { stalls, ...disk } }) => ({ ...disk, stalls: process.env.BENCH_STALLS ? stalls : stalls.length })),
    pgbenchSameRate: pgbench ? { p99MsPerRun: pgbenchP99s } : { skipped: 'pgbench is not installed' },
    ...(unsettled.length ? { diskNotSettled: unsettled } : {}),
  };
}

/** The header's 2-second poll of an unchanged cart, as the storefront sends it (the version it holds, If-None-Match): answered 304. */
async function cartPoll(productId: number) {
  const sessionId = 'bench_poll_session_0001';
  const { id } = await postJson<{ id: string }>('/api/cart', { sessionId });
  const { cart } = await postJson<{ cart: { version: number } }>(`/api/cart/${id}/items`, { productId, quantity: 1 });
  const path = `/api/cart/${sessionId}?version=${cart.version}`;
  const etag = (await fetch(api(path))).headers.get('etag')!;
  return versusBareServer(path, { 'if-none-match': etag });
}

/** Runs of one load as one: the mean rate, the worst p99, every refusal and error. */
function combine(runs: Measurement[]): Measurement {
  return {
    requestsPerSec: Math.round(runs.reduce((sum, r) => sum + r.requestsPerSec, 0) / runs.length),
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

/** The API's numbers beside the bare server's, and whether it reached a target share where one is set. */
function compare(status: number, measured: Measurement, baseline: Measurement, target?: number) {
  const ratio = Math.round((measured.requestsPerSec / baseline.requestsPerSec) * 100) / 100;
  return { status, api: measured, baseline, throughputRatio: ratio, ...(target ? { target, meetsTarget: ratio >= target } : {}) };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
