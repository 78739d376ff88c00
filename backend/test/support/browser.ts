import { Browser, Page } from 'playwright-core';
import { launchBrowser } from './chromium';
import { startTestApp, TestApp } from './test-app';

export { launchBrowser };

export interface BrowserSuite {
  app(): TestApp;
  page(): Page;
}

/**
 * Registers the hooks of a browser test file: the app on the demo catalogue, one browser, and a
 * fresh page per test that must end with no uncaught page error and no Content-Security-Policy
 * violation (so a page that needs an origin the policy does not allow fails its test).
 */
export function browserSuite(env: Record<string, string> | (() => Record<string, string>) = {}): BrowserSuite {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[] = [];
  let cspViolations: string[] = [];

  beforeAll(async () => {
    // A function is read only now, after the file's own earlier hooks (a stub server) have run.
    app = await startTestApp({ SEED_DEMO_CATALOG: 'true', ...(typeof env === 'function' ? env() : env) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  beforeEach(async () => {
    pageErrors = [];
    cspViolations = [];
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await watchCspViolations(page, (v) => cspViolations.push(v));
  });
  afterEach(async () => {
    await page.close();
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  return { app: () => app, page: () => page };
}

/**
 * Reports every Content-Security-Policy violation on the page and its frames: the browser's own
 * console message and the `securitypolicyviolation` event (which names the directive and the URL).
 */
export async function watchCspViolations(page: Page, report: (violation: string) => void): Promise<void> {
  await page.exposeFunction('__reportCspViolation', report);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation(v: string): void }).__reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) report(m.text());
  });
}
