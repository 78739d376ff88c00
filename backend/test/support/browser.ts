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
 * fresh page per test that must end with no uncaught page error.
 */
export function browserSuite(env: Record<string, string> | (() => Record<string, string>) = {}): BrowserSuite {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[] = [];

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
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  afterEach(async () => {
    await page.close();
    expect(pageErrors).toEqual([]);
  });

  return { app: () => app, page: () => page };
}
