import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser';
import { until } from '../support/recovery-fixtures';

const suite = browserSuite();

// Screenshots of the form and of the inventory with a draft, for a person to look at.
const SHOTS = process.env.ADMIN_SHOTS_DIR;

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

const signIn = (page: Page, returnTo: string) => page.goto(`${suite.app().baseUrl}/api/auth/google?login_hint=owner%40darkcircle.test&returnTo=${encodeURIComponent(returnTo)}`);

/** The screen as the studio sees it with `at` in view. */
async function shot(page: Page, file: string, at: ReturnType<Page['locator']>): Promise<void> {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  // The last toast would cover what is shown.
  const close = page.getByRole('status').getByRole('button', { name: 'Close' });
  if (await close.count()) await close.click();
  await page.evaluate(() => document.fonts.ready);
  await at.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: join(SHOTS, file) });
}

const listedNames = async () => ((await suite.app().http.get('/api/products').expect(200)).body as { name: string }[]).map((p) => p.name);

describe('drafts in the admin app, in a real browser', () => {
  it.each(VIEWPORTS)(
    'adds a new product as a draft unless Publish now is ticked, shows it as a draft in the cards and the table, and publishes it on a $name',
    async ({ name: screen, width, height }) => {
      const page = suite.page();
      await page.setViewportSize({ width, height });
      const name = `Moth Veil Patch (${screen})`;
      await signIn(page, '/inventory');
      await page.getByRole('heading', { name: 'Inventory Management' }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Cards' }).click();
      await page.getByRole('button', { name: 'Add New Product' }).click();
      const form = page.getByRole('form', { name: 'Add New Product' });
      await form.getByLabel('Name', { exact: true }).fill(name);
      await form.getByLabel('Price').fill('12.00');
      await form.getByLabel('Stock quantity').fill('4');
      // A new product starts as a draft; Publish now says what ticking it does.
      const publishNow = form.getByLabel('Publish now');
      expect(await publishNow.isChecked()).toBe(false);
      expect(await form.getByTestId('publish-hint').innerText()).toBe('Saved as a draft: shoppers will not see it, and it is not sent to Square, until you publish it.');
      await publishNow.check();
      expect(await form.getByTestId('publish-hint').innerText()).toBe('Shoppers will see it (and Square will have it) as soon as it is added.');
      await publishNow.uncheck();
      await shot(page, `draft-form-${width}.png`, publishNow);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await form.getByRole('button', { name: 'Add Product' }).click();
      await page.getByText('Draft saved').waitFor({ timeout: 30_000 });

      const card = page.getByTestId('inventory-product').filter({ hasText: name });
      await card.getByTestId('draft-badge').waitFor({ timeout: 30_000 });
      expect(await listedNames()).not.toContain(name);
      await shot(page, `draft-cards-${width}.png`, card);

      // The table says so too, and publishes from there.
      await page.getByRole('button', { name: 'Table' }).click();
      const row = page.getByTestId('inventory-row').filter({ hasText: name });
      expect(await row.getByTestId('draft-badge').innerText({ timeout: 30_000 })).toMatch(/^draft$/i);
      expect(await page.getByTestId('inventory-row').getByTestId('draft-badge').count()).toBe(1);
      await shot(page, `draft-table-${width}.png`, row);
      await row.getByRole('button', { name: `Publish ${name}` }).click();
      await page.getByText(`${name} is in the shop now.`).waitFor({ timeout: 30_000 });
      await until(async () => (await row.getByTestId('draft-badge').count()) === 0, 'the draft badge gone');
      expect(await listedNames()).toContain(name);
      await page.getByRole('button', { name: 'Cards' }).click();
    },
  );
});
