import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '../platform/database/scratch-database';
import { measure, Measurement } from './measure';
import { startApi, startBareServer, stop } from './processes';

const API_PORT = Number(process.env.BENCH_API_PORT ?? 3901);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 3902);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;

/** Headers the bare server repeats so both sides send the same bytes. */
const COPIED_HEADERS = ['content-type', 'etag', 'cache-control', 'x-correlation-id'];

/**
 * `npm run bench`: the API on a fresh real-PostgreSQL database beside a bare node:http server
 * sending the same bytes, both measured in this run; prints one JSON document.
 */
async function main(): Promise<void> {
  const database = await createScratchDatabase('bench');
  const api = await startApi({ DATABASE_URL: database.url, SEED_DEMO_CATALOG: 'true', QUEUE_PREFIX: 'dc-bench' }, API_PORT);
  try {
    const productsUrl = `http://127.0.0.1:${API_PORT}/api/products`;
    const sample = await fetch(productsUrl);
    const headers = Object.fromEntries(COPIED_HEADERS.flatMap((h) => (sample.headers.get(h) ? [[h, sample.headers.get(h)!]] : [])));
    const bodyFile = join(mkdtempSync(join(tmpdir(), 'dc-bench-')), 'products.json');
    writeFileSync(bodyFile, Buffer.from(await sample.arrayBuffer()));

    const products = await measure({ url: productsUrl, connections: CONNECTIONS, seconds: SECONDS });
    const bare = await startBareServer(bodyFile, BARE_PORT, headers);
    const baseline = await measure({ url: `http://127.0.0.1:${BARE_PORT}/`, connections: CONNECTIONS, seconds: SECONDS });
    await stop(bare);

    const report = {
      database: 'postgresql',
      connections: CONNECTIONS,
      seconds: SECONDS,
      getProducts: compare(products, baseline, 0.5),
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await stop(api);
    await database.drop();
  }
}

/** The API's numbers beside the bare server's, and whether it reached the target share. */
function compare(api: Measurement, baseline: Measurement, target: number) {
  const ratio = Math.round((api.requestsPerSec / baseline.requestsPerSec) * 100) / 100;
  return { api, baseline, throughputRatio: ratio, target, meetsTarget: ratio >= target };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
