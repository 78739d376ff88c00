import sharp from 'sharp';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { browserSuite } from '../support/browser';
import { placeOrder } from '../support/placed-order';
import { Products } from '../../src/catalog';
import { systemContext } from '../../src/platform/context/request-context';
import { CatalogSync } from '../../src/square/catalog-sync/catalog-sync';
import { sql } from '../support/shop-fixtures';

const suite = browserSuite();

describe('the admin app in a real browser', () => {
  it('signs in, adds a product with an uploaded image, sells it out, opens its history, and ships a paid order', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const { orderNumber } = await placeOrder(t, 'shipping');
    const imagePath = join(t.dataDir, 'raven.png');
    await writeFile(
      imagePath,
      await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 90, g: 10, b: 40 } } })
        .png()
        .toBuffer(),
    );

    // Signed out: the login-required state, whose button goes through the local provider's picker.
    await page.goto(`${t.baseUrl}/inventory`);
    await page.getByRole('heading', { name: 'Login Required' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Login with Google' }).click();
    await page.getByLabel('Email').fill('owner@darkcircle.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/inventory$/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor({ timeout: 30_000 });

    // Add a product with a real upload; Add Product waits for a name and a price.
    await page.getByRole('button', { name: 'Add New Product' }).click();
    const form = page.getByRole('form', { name: 'Add New Product' });
    const addButton = form.getByRole('button', { name: 'Add Product' });
    expect(await addButton.isDisabled()).toBe(true);
    await form.getByLabel('Name').fill('Raven Skull Patch');
    await form.getByLabel('Description').fill('Hand-embroidered, iron-on.');
    await form.getByLabel('Price').fill('14.50');
    await form.getByLabel('Category').selectOption('patches');
    await form.getByLabel('Image').setInputFiles(imagePath);
    await page.getByText('Image ready').waitFor({ timeout: 30_000 });
    await form.getByLabel('Stock quantity').fill('3');
    // Published at once: the storefront shows it below (a new product is otherwise a draft).
    await form.getByLabel('Publish now').check();
    await addButton.click();
    await page.getByText('New product has been added to inventory').waitFor({ timeout: 30_000 });

    const card = page.getByTestId('inventory-product').filter({ hasText: 'Raven Skull Patch' });
    await card.getByText('In Stock', { exact: true }).waitFor();
    const image = card.getByRole('img', { name: 'Raven Skull Patch' });
    expect(await image.getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f]+-800\.webp$/);
    await page.waitForFunction(() => [...document.images].some((i) => i.alt === 'Raven Skull Patch' && i.complete && i.naturalWidth > 0));

    // Its details edited: the price changes, the stock stays.
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit Raven Skull Patch' });
    await edit.getByLabel('Price').fill('16.00');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await card.getByText('$16.00').waitFor({ timeout: 30_000 });

    // Sold out, keeping its quantity.
    await card.getByRole('button', { name: 'Mark Sold Out' }).click();
    await card.getByText('Sold Out', { exact: true }).waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Mark In Stock' }).waitFor();
    expect(await card.getByText('Stock: 3').count()).toBe(1);

    // The storefront's Sold Out filter shows it.
    await page.goto(`${t.baseUrl}/`);
    await page.getByRole('group', { name: 'Filter products' }).getByRole('button', { name: 'Sold Out' }).click();
    await page.getByTestId('product-card').filter({ hasText: 'Raven Skull Patch' }).waitFor({ timeout: 30_000 });

    // Its history: added, edited, then the stock set, by the admin.
    await page.goto(`${t.baseUrl}/inventory`);
    await card.getByText('Sold Out', { exact: true }).waitFor({ timeout: 30_000 });
    await card.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { name: /History of product/ }).waitFor();
    const events = page.getByTestId('history-event');
    await events.nth(1).waitFor();
    expect(await events.nth(0).innerText()).toMatch(/ProductAdded[\s\S]*by admin:owner@darkcircle\.test/);
    await events.nth(2).waitFor();
    // The price is its one variant's.
    expect(await events.nth(1).innerText()).toMatch(/VariantChanged[\s\S]*"priceCents": 1600/);
    expect(await events.nth(2).innerText()).toMatch(/StockSet[\s\S]*"inStock": false/);

    // A paid order, opened from the list and marked shipped with its carrier and tracking number.
    await page.getByRole('link', { name: 'Orders' }).click();
    const order = page.getByTestId('order').filter({ hasText: orderNumber });
    await order.getByText('Lydia Deetz').waitFor({ timeout: 30_000 });
    await order.getByText(/Shipping to 1 Winter River Rd/).waitFor();
    await order.getByRole('link', { name: orderNumber }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    await page.getByLabel('Carrier', { exact: true }).selectOption('UPS');
    await page.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    await page.getByTestId('fulfilment-status').getByText('Shipped', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('link', { name: '1Z999AA10123456784' }).getAttribute('href')).toContain('ups.com');
  });

  it("shows a product oversold at the stall on the dashboard, with Square's count", async () => {
    const [t, page] = [suite.app(), suite.page()];
    // The demo products follow the emulator's items once a sync has linked them by name.
    await t.app.get(CatalogSync).run(systemContext());
    const [linked] = await sql<{ id: number; name: string; square_variation_id: string }>(
      t,
      'select p.id, p.name, v.square_variation_id from product_variants v join products p on p.id = v.product_id where v.square_variation_id is not null order by p.id limit 1',
    );
    await t.app
      .get(Products)
      .run(
        linked!.id,
        { kind: 'ApplySquareCount', squareVariationId: linked!.square_variation_id, quantity: -1, calculatedAt: new Date(Date.now() + 60_000).toISOString() },
        { ...systemContext(), actor: 'square' },
      );
    await page.goto(`${t.baseUrl}/api/auth/google?login_hint=owner%40darkcircle.test&returnTo=%2Fadmin`);
    const alerts = page.getByRole('alert').filter({ hasText: 'Stock alerts' });
    await alerts.getByText('oversold at the stall').waitFor({ timeout: 30_000 });
    const text = await alerts.innerText();
    expect(text).toContain(linked!.name);
    expect(text).toMatch(/oversold at the stall[\s\S]*Square counts\s+-1/);
  });

  it('tells a signed-in non-admin that access is denied', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(`${t.baseUrl}/api/auth/google?login_hint=visitor%40example.com`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor({ timeout: 30_000 });
    await page.getByText('visitor@example.com').waitFor();
  });

  it('fits a 360 px screen', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${t.baseUrl}/api/auth/google?login_hint=owner%40darkcircle.test&returnTo=%2Finventory`);
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
