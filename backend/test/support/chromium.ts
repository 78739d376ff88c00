import { Browser, chromium } from 'playwright-core';

/** Debian's Chromium, driven headless; the flags keep it off the (closed) network. Kept apart from the app so tests without the app can use it. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
