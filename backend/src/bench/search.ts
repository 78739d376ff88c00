import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withAppContext } from '../bootstrap';
import { ProductIds, Products } from '../catalog';
import { loadSettings } from '../platform/config/app-config';
import { systemContext } from '../platform/context/request-context';
import { createScratchDatabase } from '../platform/database/scratch-database';
import { startShop, stop } from './processes';

const CATALOGUE = 2000;
const WARM_UP = 60;
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 600);

const CREATURES = ['Raven', 'Bat', 'Moth', 'Skull', 'Crescent', 'Moon', 'Serpent', 'Rose', 'Spider', 'Coffin', 'Witch', 'Crow', 'Hex', 'Tarot', 'Dagger', 'Wolf', 'Owl', 'Candle'];
const MAKES = ['Embroidered', 'Stitched', 'Velvet', 'Lace', 'Gothic', 'Occult', 'Midnight', 'Pewter', 'Bone', 'Ember'];
const THINGS = ['Hoodie', 'Tee', 'Cardigan', 'Patch', 'Hoop Art', 'Tote', 'Jacket', 'Beanie', 'Scarf', 'Print', 'Portrait', 'Pin'];
const APPAREL = new Set(['Hoodie', 'Tee', 'Cardigan', 'Jacket', 'Beanie', 'Scarf']);
const COLOURS = ['Black', 'Oxblood', 'Charcoal', 'Ink', 'Plum'];

/** What shoppers type: whole words, typos, words begun, a SKU, several words, nothing that matches, syntax. */
const QUERIES = [
  'ravn hodie',
  'raven',
  'skul patch',
  'moth',
  'DC-0042-M',
  'velvet cardigan blck',
  'hoodie',
  'crescent mon',
  'lac',
  'oxblood tee',
  'zzzz qqqq',
  "'; drop table products; --",
  'wolf',
  'embroiderd',
  'spider web',
];

const pick = <T>(list: readonly T[], i: number) => list[i % list.length];

/** The i-th product of the bench's catalogue: apparel in four sizes with SKUs, the rest one variant. */
export function productOf(i: number) {
  const thing = pick(THINGS, i * 7);
  const name = `${pick(CREATURES, i)} ${pick(MAKES, i * 3)} ${thing}`;
  const apparel = APPAREL.has(thing);
  const colour = pick(COLOURS, i * 5);
  const description = `${name}, hand-digitized and stitched in the studio in ${colour.toLowerCase()} and pewter thread. ${i % 3 ? 'One of a kind.' : 'Washes cold, dries flat.'}`;
  const sizes = apparel ? ['S', 'M', 'L', 'XL'] : [''];
  return {
    kind: 'AddProduct' as const,
    name,
    description,
    category: apparel ? ('apparel' as const) : thing === 'Patch' || thing === 'Pin' ? ('patches' as const) : ('framed-art' as const),
    images: ['/images/products/raven.svg'],
    options: apparel ? [{ name: 'Size', values: sizes }] : [],
    variants: sizes.map((size) => ({
      options: (size ? { Size: size } : {}) as Record<string, string>,
      sku: `DC-${String(i).padStart(4, '0')}${size ? `-${size}` : ''}`,
      priceCents: 900 + (i % 40) * 100,
      stock: { inStock: i % 9 !== 0, stockQuantity: i % 9 === 0 ? 0 : 3 },
    })),
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), p99Ms: percentile(sorted, 99), maxMs: sorted.at(-1) };
};

/**
 * `GET /api/products?q=` over a catalogue of 2,000 products (8,000 variants, every one with a SKU),
 * on real PostgreSQL, the shop as `npm start` runs it: one request at a time (the time of one
 * search, not a saturation), the queries in turns. The shop's own time per request is read from its
 * access log (`ms`: from the request's arrival to the answer's last byte), beside what the client saw.
 */
export async function measureSearch(env: Record<string, string>, port: number, dataDir: string) {
  const database = await createScratchDatabase('bench');
  const settings = loadSettings({ DATABASE_URL: database.url, LOG_LEVEL: 'warn', SEED_DEMO_CATALOG: 'false' });
  await withAppContext({ ...settings, databaseUrl: database.url, embeddedDatabase: false }, async (app) => {
    const ids = app.get(ProductIds);
    const products = app.get(Products);
    for (let start = 0; start < CATALOGUE; start += 8) {
      await Promise.all(Array.from({ length: Math.min(8, CATALOGUE - start) }, async (_, k) => products.run(await ids.next(), productOf(start + k), systemContext())));
    }
  });
  const logFile = join(dataDir, 'shop-search.log');
  const shop = await startShop({ ...env, DATABASE_URL: database.url }, port, logFile);
  const client: number[] = [];
  let found = 0;
  try {
    const ask = async (q: string) => {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/products?${new URLSearchParams({ q })}`);
      const body = (await res.json()) as unknown[];
      if (res.status !== 200) throw new Error(`search answered ${res.status}`);
      return { ms: performance.now() - started, results: body.length };
    };
    for (let i = 0; i < WARM_UP; i++) await ask(pick(QUERIES, i));
    const logged = readFileSync(logFile, 'utf8').split('\n').length;
    for (let i = 0; i < REQUESTS; i++) {
      const { ms, results } = await ask(pick(QUERIES, i));
      client.push(ms);
      found += results;
    }
    // The access log's lines of the measured requests (after the warm-up's).
    const own = readFileSync(logFile, 'utf8')
      .split('\n')
      .slice(logged - 1)
      .flatMap((line) => {
        try {
          const entry = JSON.parse(line) as { path?: string; ms?: number };
          return entry.path === '/api/products' && typeof entry.ms === 'number' ? [entry.ms] : [];
        } catch {
          return [];
        }
      });
    const shopOwn = summary(own);
    return {
      catalogue: CATALOGUE,
      requests: REQUESTS,
      queries: QUERIES,
      meanResults: Math.round((found / REQUESTS) * 10) / 10,
      shopOwnTime: { ...shopOwn, loggedRequests: own.length },
      clientTime: summary(client.map((ms) => Math.round(ms * 10) / 10)),
      target: { p99Ms: 20 },
      meetsTarget: shopOwn.p99Ms !== undefined && shopOwn.p99Ms < 20,
    };
  } finally {
    await stop(shop);
    await database.drop();
  }
}
