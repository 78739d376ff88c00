import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createScratchDatabase, ScratchDatabase } from '../../src/platform/database/scratch-database';
import { watchCspViolations } from '../support/browser';
import { launchBrowser } from '../support/chromium';
import { freePort } from '../support/free-port';

/**
 * `npm run dev`'s shop: the process its watcher starts (dist/start.js with DEV_SERVER=true), run
 * here directly so the test does not wait for a second whole compile of the API (the watcher
 * itself is Node's and tsc's own). The storefront and the admin app come from Vite's dev servers
 * on the shop's one origin, and an edit to a storefront component reaches the open page by hot
 * reload: no navigation, the page's own state kept.
 */
const START = resolve(__dirname, '../../dist/start.js');
const HERO = resolve(__dirname, '../../../widgets/src/site/Hero.tsx');
const EYEBROW = 'Hand-stitched gothic embroidery';

let database: ScratchDatabase;
let dataDir: string;
let child: ChildProcess;
let origin: string;
let browser: Browser;
let stderr = '';
const heroAsFound = readFileSync(HERO, 'utf8');
// However the run ends (a failed expectation, a timeout, Ctrl-C), the component is put back.
const restoreHero = () => {
  if (readFileSync(HERO, 'utf8') !== heroAsFound) writeFileSync(HERO, heroAsFound);
};
process.once('exit', restoreHero);

beforeAll(async () => {
  if (!existsSync(START)) throw new Error(`${START} is missing: run npm run build first (npm test does)`);
  if (!heroAsFound.includes(`>${EYEBROW}<`)) throw new Error(`${HERO} no longer shows "${EYEBROW}": pick another text for this test`);
  database = await createScratchDatabase('test');
  dataDir = await mkdtemp(join(tmpdir(), 'dc-dev-'));
  const port = await freePort();
  origin = `http://localhost:${port}`;
  child = spawn(process.execPath, [START], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEV_SERVER: 'true',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      QUEUE_PREFIX: `dc-test-${randomBytes(4).toString('hex')}`,
      DATA_DIR: dataDir,
      SQUARE_EMULATOR_PORT: '0',
      GOOGLE_EMULATOR_PORT: '0',
      WIDGET_DEMO_PORT: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the dev server did not start:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  restoreHero();
  await browser?.close();
  if (child && child.exitCode === null) {
    const exited = exitOf(child);
    child.kill('SIGTERM');
    await within(exited, 10_000, 'still running');
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const exitOf = (process: ChildProcess) => new Promise<number | null>((r) => process.once('exit', (code) => r(code)));

/** The promise's value, or `otherwise` after `ms` (the timer cleared either way, so jest can exit). */
async function within<T, U>(promise: Promise<T>, ms: number, otherwise: U): Promise<T | U> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<U>((r) => (timer = setTimeout(() => r(otherwise), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens a page, recording uncaught errors, policy violations and every navigation after the first load. */
async function open(path: string): Promise<{ page: Page; problems: string[]; navigations: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  const navigations: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await watchCspViolations(page, (v) => problems.push(v));
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  return { page, problems, navigations };
}

it('serves the storefront at / and the admin app at /admin from Vite, on one origin, with the production API beside them', async () => {
  const home = await fetch(`${origin}/`);
  expect(home.status).toBe(200);
  const html = await home.text();
  expect(html).toContain('/@vite/client');
  expect(html).toContain('<script type="module" src="/src/main.tsx"></script>');
  // Development only: React's refresh preamble is inline.
  expect(home.headers.get('content-security-policy')).toMatch(/script-src 'self'[^;]* 'unsafe-inline'/);

  const admin = await fetch(`${origin}/admin`);
  expect(admin.status).toBe(200);
  expect(await admin.text()).toContain('/admin/@vite/client');
  expect((await fetch(`${origin}/admin/src/main.tsx`)).headers.get('content-type')).toMatch(/javascript/);

  expect((await fetch(`${origin}/api/products`)).status).toBe(200);
  expect((await fetch(`${origin}/admin/queues`)).status).toBe(401);
  expect((await fetch(`${origin}/no-such-page`)).status).toBe(404);
  expect((await fetch(`${origin}/api/no-such-route`)).headers.get('content-type')).toMatch(/json/);
});

it('draws both apps in Chromium with no error and no policy violation; the admin signs in and changes stock through the same origin', async () => {
  const store = await open('/');
  await store.page.getByRole('heading', { name: 'The Dark Circle' }).waitFor();
  await store.page.getByTestId('product-card').first().waitFor();
  expect(store.problems).toEqual([]);
  await store.page.close();

  // The sign-in cookie and the Origin check on a cookie-authenticated change work as in production.
  const admin = await open('/inventory');
  await admin.page.getByRole('link', { name: 'Login with Google' }).click();
  await admin.page.getByLabel('Email').fill('owner@darkcircle.test');
  await admin.page.getByRole('button', { name: 'Continue' }).click();
  await admin.page.waitForURL(/\/inventory$/, { timeout: 30_000 });
  const card = admin.page.getByTestId('inventory-product').filter({ hasText: 'Raven Embroidered Hoodie' });
  await card.getByRole('button', { name: 'Mark Sold Out' }).click();
  await card.getByText('Sold Out', { exact: true }).waitFor({ timeout: 30_000 });
  expect(admin.problems).toEqual([]);
  await admin.page.close();
});

it('hot-reloads an edited storefront component into the open page without a reload', async () => {
  const { page, problems, navigations } = await open('/');
  const eyebrow = page.locator('.hero__eyebrow');
  await expect(eyebrow.textContent()).resolves.toBe(EYEBROW);
  // Lost if the page reloads.
  await page.evaluate(() => ((window as unknown as { devMarker: string }).devMarker = 'kept'));

  const edited = `Edited ${randomBytes(3).toString('hex')} while open`;
  try {
    writeFileSync(HERO, heroAsFound.replace(`>${EYEBROW}<`, `>${edited}<`));
    await page.waitForFunction((text) => document.querySelector('.hero__eyebrow')?.textContent === text, edited, { timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { devMarker?: string }).devMarker)).toBe('kept');
    expect(navigations).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    // Put back as found; whether the watcher then sends a second update is Vite's business, and on
    // a loaded machine it may fold two quick changes of one file into one (a CI run timed out here).
    restoreHero();
  }
  await page.close();
});

it('stops on SIGTERM within seconds while a page holds its hot-reload connection', async () => {
  const { page } = await open('/');
  const exited = exitOf(child);
  child.kill('SIGTERM');
  expect(await within(exited, 10_000, 'still running after 10 s')).toBe(0);
  await page.close();
});
