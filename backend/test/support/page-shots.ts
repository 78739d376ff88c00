import type { Page } from 'playwright-core';

/** Screenshots for a person to look at (only when SCREENSHOT_DIR is set), at a phone's size and a desktop's. */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Signs the studio's owner in through the local sign-in from an admin page, and lands back on it. */
export async function signInOnPage(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('link', { name: 'Login with Google' }).click({ timeout: 30_000 });
  await page.getByLabel('Email').fill('owner@darkcircle.test');
  await page.getByRole('button', { name: 'Continue' }).click();
}
