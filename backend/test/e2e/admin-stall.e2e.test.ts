import type { Locator, Page } from 'playwright-core';
import { AdminClient } from '../support/admin-client';
import { browserSuite } from '../support/browser';
import { placeOrder } from '../support/placed-order';
import { until } from '../support/recovery-fixtures';

const suite = browserSuite();
const PHONE = { width: 390, height: 844 };
const SECTIONS: [string, string][] = [
  ['Dashboard', 'Admin Dashboard'],
  ['Orders', 'Orders'],
  ['Inventory', 'Inventory Management'],
  ['Subscribers', 'Subscribers'],
  ['Events', 'Events'],
  ['Discounts', 'Discounts'],
  ['Emails', 'Emails'],
  ['Jobs', 'Jobs'],
];

const signIn = (page: Page, returnTo: string) => page.goto(`${suite.app().baseUrl}/api/auth/google?login_hint=owner%40darkcircle.test&returnTo=${encodeURIComponent(returnTo)}`);
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true, level: 1 });

/** The units on hand of one size of the Coven Zip Hoodie, as the admin API has them. */
async function covenStock(size: string): Promise<number> {
  const admin = await AdminClient.signIn(suite.app().baseUrl);
  const { body } = await admin.get('/api/admin/products');
  const hoodie = (body as { name: string; variants: { name: string; stockQuantity: number }[] }[]).find((p) => p.name === 'Coven Zip Hoodie')!;
  return hoodie.variants.find((v) => v.name === size)!.stockQuantity;
}

/** A stock field on a phone: on screen without scrolling sideways, typed in, unsaved until Enter saves it. */
async function editOnPhone(page: Page, field: Locator, near: Locator, size: string, units: number) {
  await field.scrollIntoViewIfNeeded();
  const box = (await field.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  expect(await near.getByText('Unsaved').count()).toBe(0);

  await field.fill(String(units));
  await near.getByText('Unsaved').waitFor();
  expect(await covenStock(size)).not.toBe(units);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  await field.press('Enter');
  await until(async () => (await covenStock(size)) === units, `size ${size} to have ${units} on hand`);
  await until(async () => (await near.getByText(/Unsaved|Saving/).count()) === 0, 'the field to show as saved');
  expect(await field.inputValue()).toBe(String(units));
}

describe('the admin at the stall, on a phone', () => {
  it('reaches every section from the bottom tab bar, and no page is wider than the screen', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const { orderId, orderNumber } = await placeOrder(t, 'shipping');
    await page.setViewportSize(PHONE);
    await signIn(page, '/admin');
    await heading(page, 'Admin Dashboard').waitFor({ timeout: 30_000 });

    const tabs = page.getByRole('navigation', { name: 'Sections' });
    expect(await page.getByRole('navigation', { name: 'Admin' }).isVisible()).toBe(false);
    for (const [tab, title] of SECTIONS) {
      await tabs.getByRole('link', { name: tab, exact: true }).click();
      await heading(page, title).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      expect(await tabs.isVisible()).toBe(true);
      const bar = (await tabs.boundingBox())!;
      expect(bar.y + bar.height).toBeLessThanOrEqual(PHONE.height);
      expect(await tabs.getByRole('link', { name: tab, exact: true }).getAttribute('aria-current')).toBe('page');
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    }

    // An order, opened from the list: its page too fits, its long payment id wrapped.
    await tabs.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByTestId('order').filter({ hasText: orderNumber }).getByRole('link').first().click();
    await page.waitForURL(new RegExp(`/admin/orders/${orderId}$`));
    await page.getByRole('heading', { name: 'Payment' }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await tabs.isVisible()).toBe(true);
  });

  it("edits a size's stock in the inventory's cards and table without scrolling sideways, showing it unsaved until saved", async () => {
    const page = suite.page();
    await page.setViewportSize(PHONE);
    await signIn(page, '/inventory');
    await heading(page, 'Inventory Management').waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Cards' }).click();
    const card = page.getByTestId('inventory-product').filter({ hasText: 'Coven Zip Hoodie' });
    await card.waitFor({ timeout: 30_000 });
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const size = card.getByTestId('inventory-variant').filter({ hasText: /^M/ });
    await editOnPhone(page, card.getByLabel('Stock quantity of Coven Zip Hoodie, M'), size, 'M', 6);

    await page.getByRole('button', { name: 'Table' }).click();
    const row = page.getByTestId('inventory-variant-row').filter({ hasText: 'DC-COVEN-L' });
    await row.waitFor({ timeout: 30_000 });
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await page.locator('.table-wrap').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const inStock = row.getByLabel('Coven Zip Hoodie, L in stock');
    const box = (await inStock.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await editOnPhone(page, row.getByLabel('Stock of Coven Zip Hoodie, L'), row, 'L', 9);
  });
});

describe('the admin on a desktop', () => {
  it('keeps the header with every section and the signed-in address, and no tab bar', async () => {
    const page = suite.page();
    await signIn(page, '/admin');
    await heading(page, 'Admin Dashboard').waitFor({ timeout: 30_000 });
    const nav = page.getByRole('navigation', { name: 'Admin' });
    expect(await nav.isVisible()).toBe(true);
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(SECTIONS.map(([tab]) => tab));
    expect(await page.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(false);
    expect(await page.locator('.who').getByText('owner@darkcircle.test').isVisible()).toBe(true);
    // One row: the brand, the links and the address side by side.
    const header = (await page.locator('.admin-header').boundingBox())!;
    expect(header.height).toBeLessThan(80);
    await nav.getByRole('link', { name: 'Inventory' }).click();
    await heading(page, 'Inventory Management').waitFor({ timeout: 30_000 });
    expect(await nav.getByRole('link', { name: 'Inventory' }).getAttribute('aria-current')).toBe('page');
  });
});
