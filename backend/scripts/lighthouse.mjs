// `npm run lighthouse`: Lighthouse (mobile) on the storefront's pages (a plain product page and one with sizes and a gallery; `/cart` both empty and as the
// checkout of a one-item cart), served by the built shop as `npm start` runs it, and on the widget demo page (another origin embedding all three elements
// under a strict policy), in Debian's Chromium. Prints one JSON document: the four category scores
// and the largest contentful paint of each page (with LIGHTHOUSE_RUNS=n, each run and the medians). (An ES module: Lighthouse ships only as one.)
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const require = createRequire(import.meta.url);
const { createScratchDatabase } = require('../dist/platform/database/scratch-database.js');
const { startShop, stop } = require('../dist/bench/processes.js');
const emulator = require('../dist/stand-ins/square/index.js');
const { storefrontImagesDir } = require('../dist/site/storefront-images.js');
const { loadSettings } = require('../dist/platform/config/app-config.js');

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3911);
const DEMO_PORT = PORT + 3;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Each figure's median over the runs (scores are noisy: simulated throttling scales the CPU time measured). */
function median(runs) {
  const mid = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, mid(runs.map((r) => r[key]))]));
}

const database = await createScratchDatabase('bench');
const square = await emulator.startSquareEmulator({ port: 0, host: '127.0.0.1', imagesDir: storefrontImagesDir(loadSettings({})) });
const dataDir = mkdtempSync(join(tmpdir(), 'dc-lighthouse-'));
const shop = await startShop(
  {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    QUEUE_PREFIX: 'dc-lighthouse',
    SQUARE_BASE_URL: square.url,
    SQUARE_ACCESS_TOKEN: emulator.EMULATOR_ACCESS_TOKEN,
    SQUARE_APPLICATION_ID: emulator.EMULATOR_APPLICATION_ID,
    SQUARE_LOCATION_ID: emulator.EMULATOR_LOCATION_ID,
    WIDGET_DEMO_PORT: String(DEMO_PORT),
  },
  PORT,
  join(dataDir, 'shop.log'),
);
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
try {
  const base = `http://127.0.0.1:${PORT}`;
  const catalogue = await (await fetch(`${base}/api/products`)).json();
  const [first] = catalogue;
  // A product with sizes and a gallery (the demo's Coven Zip Hoodie): the heaviest product page.
  const sized = catalogue.find((p) => p.images.length > 1 && p.variants.length > 1) ?? first;
  const pages = ['/', `/product/${first.id}`, `/product/${sized.id}`, '/cart', '/fonts'].map((page) => [page, `${base}${page}`]);
  // The checkout itself (an empty /cart is a short page): a cart with one item, handed to each run's
  // fresh browser storage by the cart hand-over link (a token good for 15 minutes), as an embedded
  // cart's Checkout does.
  const sessionId = `session_${Date.now()}_lighthouse`;
  const cart = await (await fetch(`${base}/api/cart`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sessionId, totalAmount: '0.00' }) })).json();
  await fetch(`${base}/api/cart/${cart.id}/items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId: first.id, quantity: 1, price: first.price }),
  });
  const { token } = await (await fetch(`${base}/api/cart/${cart.id}/handover`, { method: 'POST' })).json();
  pages.push(['/cart (checkout)', `${base}/cart?handover=${encodeURIComponent(token)}`]);
  // The demo page names the shop as http://localhost, as `npm start` prints it.
  pages.push(['widget demo', `http://localhost:${DEMO_PORT}/`]);
  // LIGHTHOUSE_PAGES=/cart,/cart (checkout): only these pages (by the names the report uses).
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  const report = {};
  for (const [page, url] of pages.filter(([name]) => !only || only.includes(name))) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile' });
      runs.push({
        ...Object.fromEntries(Object.entries(lhr.categories).map(([name, c]) => [name, Math.round(c.score * 100)])),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      });
    }
    report[page] = RUNS === 1 ? runs[0] : { median: median(runs), runs };
  }
  console.log(JSON.stringify(report, null, 2));
} finally {
  await chrome.kill();
  await stop(shop);
  await square.close();
  await database.drop();
}
