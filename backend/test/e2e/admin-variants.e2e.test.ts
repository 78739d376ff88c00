import sharp from 'sharp';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { BackInStockWaiting } from '../../src/catalog/back-in-stock-waiting';
import { AdminClient } from '../support/admin-client';
import { browserSuite } from '../support/browser';
import { placeOrder } from '../support/placed-order';
import { until } from '../support/recovery-fixtures';

const suite = browserSuite();

// Screenshots of the sized product's form and of the inventory, for a person to look at.
const SHOTS = process.env.ADMIN_SHOTS_DIR;

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

const signIn = (page: Page, returnTo: string) => page.goto(`${suite.app().baseUrl}/api/auth/google?login_hint=owner%40darkcircle.test&returnTo=${encodeURIComponent(returnTo)}`);

async function picture(name: string, colour: { r: number; g: number; b: number }): Promise<string> {
  const path = join(suite.app().dataDir, name);
  await writeFile(
    path,
    await sharp({ create: { width: 600, height: 600, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  );
  return path;
}

async function shot(page: Page, file: string, target?: ReturnType<Page['locator']>): Promise<void> {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  // The last toast would cover what is shown.
  const close = page.getByRole('status').getByRole('button', { name: 'Close' });
  if (await close.count()) await close.click();
  await page.evaluate(() => document.fonts.ready);
  await (target ?? page).screenshot({ path: join(SHOTS, file), ...(target ? {} : { fullPage: true }) });
}

async function adminProduct(name: string): Promise<any> {
  const admin = await AdminClient.signIn(suite.app().baseUrl);
  const { body } = await admin.get('/api/admin/products');
  return body.find((p: any) => p.name === name);
}

describe('products with sizes in the admin app, in a real browser', () => {
  it.each(VIEWPORTS)('adds a product with sizes on a $name: options make the variants table, saved as variants; editing keeps their ids', async ({ name: screen, width, height }) => {
    const page = suite.page();
    await page.setViewportSize({ width, height });
    const name = `Raven Hoodie (${screen})`;
    const [front, back] = [await picture('front.png', { r: 20, g: 10, b: 30 }), await picture('back.png', { r: 120, g: 20, b: 40 })];
    await signIn(page, '/inventory');
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Add New Product' }).click();
    const form = page.getByRole('form', { name: 'Add New Product' });
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Price', { exact: true }).fill('45');
    await form.getByLabel('Category').selectOption('apparel');

    // Two pictures at once; the back moved first with the keyboard.
    await form.getByLabel('Images').setInputFiles([front, back]);
    await page.getByText('2 images ready').waitFor({ timeout: 30_000 });
    const pictures = form.getByTestId('picture');
    expect(await pictures.count()).toBe(2);
    const [frontUrl, backUrl] = await Promise.all([0, 1].map((n) => pictures.nth(n).locator('img').getAttribute('src')));
    await form.getByRole('button', { name: 'Move picture 2 up' }).focus();
    await page.keyboard.press('Enter');
    expect(await pictures.nth(0).locator('img').getAttribute('src')).toBe(backUrl);
    // The focus stays with the moved picture (now first, so on its enabled button).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move picture 1 down');

    // No options: one stock field. An option: a row per value, the stock set per row.
    await form.getByLabel('Stock quantity').waitFor();
    await form.getByRole('button', { name: 'Add option' }).click();
    expect(await form.getByLabel('Option 1', { exact: true }).inputValue()).toBe('Size');
    // The new option's first empty field has the focus: the values are typed straight away.
    expect(await form.getByLabel('Values of option 1').evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('S, M, L, XL');
    const rows = form.getByTestId('variant-row');
    await until(async () => (await rows.count()) === 4, 'four variant rows');
    expect(await rows.locator('th').allInnerTexts()).toEqual(['S', 'M', 'L', 'XL']);
    expect(await form.getByLabel('Stock quantity').count()).toBe(0);
    await form.getByLabel('Price of XL').fill('50');
    await form.getByLabel('Stock of M').fill('2');
    await form.getByLabel('Stock of L').fill('1');
    await form.getByLabel('Stock of XL').fill('4');
    await form.getByLabel('SKU of XL').fill('RH-XL');
    await form.getByLabel('Picture of XL').selectOption({ label: 'Picture 2' });
    // A value removed, its row goes.
    await form.getByLabel('Values of option 1').fill('M, L, XL');
    await until(async () => (await rows.count()) === 3, 'three variant rows');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await form.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('New product has been added to inventory').waitFor({ timeout: 30_000 });

    const added = await adminProduct(name);
    expect(added.options).toEqual([{ name: 'Size', values: ['M', 'L', 'XL'] }]);
    expect(added.images).toEqual([backUrl, frontUrl]);
    expect(added.variants.map((v: any) => [v.name, v.price, v.stockQuantity, v.sku, v.imageUrl])).toEqual([
      ['M', '45.00', 2, null, ''],
      ['L', '45.00', 1, null, ''],
      ['XL', '50.00', 4, 'RH-XL', frontUrl],
    ]);
    expect([added.price, added.priceMax]).toEqual(['45.00', '50.00']);

    // Edited: the rows come back filled in; a size added, one removed; the others keep their ids.
    const card = page.getByTestId('inventory-product').filter({ hasText: name });
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: `Edit ${name}` });
    expect(await edit.getByLabel('Stock of M').inputValue()).toBe('2');
    expect(await edit.getByLabel('Price of XL').inputValue()).toBe('50.00');
    expect(await edit.getByLabel('Picture of XL').inputValue()).toBe(frontUrl);
    await shot(page, `product-form-sized-${width}.png`, edit);
    await edit.getByLabel('Values of option 1').fill('M, XL, XXL');
    await edit.getByLabel('Stock of XXL').fill('3');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(`${name} has been saved.`).waitFor({ timeout: 30_000 });
    const edited = await adminProduct(name);
    const idOf = (p: any, size: string) => p.variants.find((v: any) => v.name === size)?.id;
    expect(edited.variants.map((v: any) => v.name)).toEqual(['M', 'XL', 'XXL']);
    expect([idOf(edited, 'M'), idOf(edited, 'XL')]).toEqual([idOf(added, 'M'), idOf(added, 'XL')]);
    expect(idOf(edited, 'XXL')).toMatch(new RegExp(`^${added.id}-\\d+$`));
    expect(edited.variants.find((v: any) => v.name === 'XXL').stockQuantity).toBe(3);
  });

  it.each(VIEWPORTS)("sets one variant's stock on a $name, in the cards and in the table", async ({ width, height }) => {
    const [t, page] = [suite.app(), suite.page()];
    const name = `Moth Tee (${width})`;
    const admin = await AdminClient.signIn(t.baseUrl);
    const [demo] = (await t.http.get('/api/products').expect(200)).body as { imageUrl: string }[];
    const created = await admin.post('/api/admin/products', {
      name,
      price: '30.00',
      category: 'apparel',
      images: [demo!.imageUrl],
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: ['S', 'M', 'L'].map((size) => ({ options: { Size: size }, price: '30.00', stockQuantity: 5 })),
    });
    expect(created.status).toBe(201);
    const variantId = (size: string) => created.body.variants.find((v: any) => v.name === size).id;
    // Three addresses wait for S to come back, as the back-in-stock module would count them.
    t.app.get(BackInStockWaiting).provide(async () => new Map([[variantId('S'), 3]]));
    await page.setViewportSize({ width, height });
    await signIn(page, '/inventory');
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Cards' }).click();
    await page.getByLabel('Search products').fill(name);

    const card = page.getByTestId('inventory-product').filter({ hasText: name });
    expect(await card.getByTestId('inventory-variant').count()).toBe(3);
    expect(await card.getByTestId('inventory-variant').allInnerTexts()).toEqual([
      expect.stringMatching(/^S[\s\S]*3 waiting/i),
      expect.not.stringMatching(/waiting/i),
      expect.not.stringMatching(/waiting/i),
    ]);
    await card.getByLabel(`Stock quantity of ${name}, M`).fill('1');
    await card.getByLabel(`Stock quantity of ${name}, M`).press('Enter');
    await page.getByText('Product inventory has been updated successfully').first().waitFor({ timeout: 30_000 });
    await until(async () => (await adminProduct(name)).variants.find((v: any) => v.id === variantId('M')).stockQuantity === 1, 'M to have 1 on hand');
    await card.getByRole('button', { name: 'Mark Sold Out: L' }).click();
    await card.getByRole('button', { name: 'Mark In Stock: L' }).waitFor({ timeout: 30_000 });
    const after = await adminProduct(name);
    const l = after.variants.find((v: any) => v.id === variantId('L'));
    expect([l.inStock, l.stockQuantity]).toEqual([false, 5]);
    expect(after.variants.find((v: any) => v.id === variantId('S')).stockQuantity).toBe(5);
    expect(await card.getByTestId('inventory-variant').nth(1).getByTestId('shoppers-see').innerText()).toMatch(/in stock/i);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `inventory-cards-${width}.png`);

    // The table: a sub-row per variant, its stock typed in place.
    await page.getByRole('button', { name: 'Table' }).click();
    const stock = page.getByLabel(`Stock of ${name}, S`);
    await stock.fill('7');
    await stock.press('Enter');
    await until(async () => (await adminProduct(name)).variants.find((v: any) => v.id === variantId('S')).stockQuantity === 7, 'S to have 7 on hand');
    expect(await page.getByTestId('inventory-variant-row').count()).toBe(3);
    expect(await page.getByTestId('inventory-variant-row').first().innerText()).toMatch(/3 waiting/i);
    expect(await page.getByLabel(`${name}, L in stock`).isChecked()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `inventory-table-${width}.png`);

    // The dashboard's low stock names the variant, and opens the inventory searched for it.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    const low = page
      .getByTestId('low-stock')
      .getByRole('listitem')
      .filter({ hasText: `${name}, M` });
    await low.waitFor({ timeout: 30_000 });
    expect(await low.innerText()).toMatch(/Moth Tee \(\d+\), M\s*1 left/i);
    await low.getByRole('link').click();
    // (the table, as chosen above)
    await page.getByTestId('inventory-row').filter({ hasText: name }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('inventory-row').count()).toBe(1);
  });

  it.each(VIEWPORTS)('names the variant of each line on the order page on a $name', async ({ width, height }) => {
    const [t, page] = [suite.app(), suite.page()];
    const { orderId } = await placeOrder(t, 'pickup', { line: { name: 'Raven Hoodie', variantId: '1-2', variantName: 'M' } });
    await page.setViewportSize({ width, height });
    await signIn(page, `/admin/orders/${orderId}`);
    const item = page.getByTestId('order-item');
    await item.waitFor({ timeout: 30_000 });
    expect(await item.innerText()).toMatch(/^Raven Hoodie — M × 2/);
    // The refund's line picker, behind its button, names the variant too.
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByLabel('Quantity (Raven Hoodie — M)').waitFor();
    expect(await page.getByLabel('Quantity (Raven Hoodie — M)').count()).toBe(1);
  });
});
