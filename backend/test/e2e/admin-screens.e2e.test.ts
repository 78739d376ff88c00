import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { NewsletterService } from '../../src/newsletter/newsletter.service';
import { systemContext } from '../../src/platform/context/request-context';
import { AdminClient } from '../support/admin-client';
import { browserSuite } from '../support/browser';
import { placeOrder } from '../support/placed-order';
import { until } from '../support/recovery-fixtures';

const suite = browserSuite();

const signIn = (page: Page, returnTo: string) => page.goto(`${suite.app().baseUrl}/api/auth/google?login_hint=owner%40darkcircle.test&returnTo=${encodeURIComponent(returnTo)}`);

describe('the admin screens in a real browser', () => {
  it('edits stock in place in the inventory table, and the storefront API shows it; the view is remembered', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const [product] = (await t.http.get('/api/products').expect(200)).body as { id: number; name: string; stockQuantity: number }[];
    await signIn(page, '/inventory');
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Table' }).click();

    const row = page.getByTestId('inventory-row').filter({ hasText: product!.name });
    const stock = row.getByLabel(`Stock of ${product!.name}`);
    await stock.fill('-2');
    await stock.press('Enter');
    await row.getByRole('alert').getByText('Enter a whole number of units, 0 or more.').waitFor();

    await stock.fill('17');
    await stock.press('Enter');
    await page.getByText('Product inventory has been updated successfully').waitFor({ timeout: 30_000 });
    await until(async () => (await t.http.get(`/api/products/${product!.id}`).expect(200)).body.stockQuantity === 17, 'the storefront to show 17 in stock');
    expect(await row.getByRole('alert').count()).toBe(0);

    // The search narrows the rows; after a reload the table view is still chosen.
    await page.getByLabel('Search products').fill(product!.name);
    expect(await page.getByTestId('inventory-row').count()).toBe(1);
    await page.reload();
    await page.getByRole('button', { name: 'Table', pressed: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('inventory-row').filter({ hasText: product!.name }).getByLabel(`Stock of ${product!.name}`).inputValue()).toBe('17');
  });

  it('searches the subscribers (the search kept in the URL) and downloads them as CSV', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const newsletter = t.app.get(NewsletterService);
    await newsletter.subscribe('raven@example.com', 'Raven Black', systemContext());
    await newsletter.subscribe('crow@example.com', '=cmd|calc', systemContext());
    await signIn(page, '/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Subscribers' }).click();
    await page.getByRole('heading', { name: 'Subscribers' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('subscriber').filter({ hasText: 'crow@example.com' }).waitFor({ timeout: 30_000 });

    await page.getByLabel('Search subscribers').fill('raven');
    await page.waitForURL(/\/admin\/subscribers\?search=raven$/, { timeout: 30_000 });
    await until(async () => (await page.getByTestId('subscriber').count()) === 1, 'one subscriber row');
    await page.reload();
    await page.getByTestId('subscriber').filter({ hasText: 'Raven Black' }).waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Search subscribers').inputValue()).toBe('raven');
    await page.getByLabel('Search subscribers').fill('');
    await until(async () => (await page.getByTestId('subscriber').count()) === 2, 'both subscriber rows');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`subscribers-${new Date().toISOString().slice(0, 10)}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')).toEqual(['email,name,joined_at', expect.stringMatching(/^raven@example\.com,Raven Black,/), expect.stringMatching(/^crow@example\.com,'=cmd\|calc,/), '']);
  });

  it("shows the day's sales on the dashboard; the chart's chunk loads there and on no other admin page", async () => {
    const [t, page] = [suite.app(), suite.page()];
    await placeOrder(t, 'pickup');
    const chartRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/admin\/assets\/RevenueChart-[^/]+\.js$/.test(r.url())) chartRequests.push(r.url());
    });

    await signIn(page, '/admin/orders');
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor({ timeout: 30_000 });
    await page.getByTestId('order').first().waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Inventory' }).click();
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Subscribers' }).click();
    await page.getByRole('heading', { name: 'Subscribers' }).waitFor({ timeout: 30_000 });
    expect(chartRequests).toEqual([]);

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByTestId('revenue-chart').locator('canvas').waitFor({ timeout: 30_000 });
    expect(chartRequests).toHaveLength(1);

    // The figures are the API's, for the browser's own time zone.
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const admin = await AdminClient.signIn(t.baseUrl);
    const { body } = await admin.get(`/api/admin/dashboard?timeZone=${encodeURIComponent(zone)}`);
    expect(body.today.orders).toBeGreaterThanOrEqual(1);
    const figure = (id: string) => page.getByTestId(id).innerText();
    expect(await figure('revenue-today')).toBe(`$${body.today.revenue}`);
    expect(await figure('orders-today')).toBe(String(body.today.orders));
    expect(await figure('revenue-7d')).toBe(`$${body.last7Days.revenue}`);
    expect(await figure('orders-30d')).toBe(String(body.last30Days.orders));
    expect(await figure('orders-waiting')).toBe(String(body.ordersWaiting));

    // Orders waiting opens the list filtered to them.
    await page.getByTestId('orders-waiting').click();
    await page.waitForURL(/\/admin\/orders\?status=unfulfilled$/);
    expect(await page.getByLabel('Status').inputValue()).toBe('unfulfilled');
    await page.getByTestId('order').first().waitFor({ timeout: 30_000 });
  });

  it("names each product's category as the shop does on the inventory cards (not its slug)", async () => {
    const page = suite.page();
    await signIn(page, '/inventory');
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor({ timeout: 30_000 });
    const card = page.getByTestId('inventory-product').filter({ hasText: 'Black Rose Hoop Art' });
    await card.locator('.badge').first().waitFor({ timeout: 30_000 });
    await until(async () => (await card.locator('.badge').first().textContent()) === 'Framed Art', "the card to say 'Framed Art'");
  });

  it('takes a double-clicked fulfilment step once: one request, one toast, no error', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const { orderId, orderNumber } = await placeOrder(t, 'pickup');
    const steps: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && r.url().endsWith(`/api/admin/orders/${orderId}/fulfilment`)) steps.push(r.status());
    });
    await signIn(page, `/admin/orders/${orderId}`);
    await page.getByRole('button', { name: 'Mark picked up' }).dblclick({ timeout: 30_000 });
    await page.getByRole('status').getByText(`Order ${orderNumber}: marked picked up.`).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000); // time for a second request and its toast, were there one
    expect(steps).toEqual([200]);
    expect(await page.getByRole('status').getByText(`Order ${orderNumber}: marked picked up.`).count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('shows each order with its total on a phone, nothing to scroll sideways', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await placeOrder(t, 'shipping');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, '/admin/orders');
    const order = page.getByTestId('order').first();
    await order.waitFor({ timeout: 30_000 });
    const total = await order.locator('td.num').boundingBox();
    expect(total!.x + total!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.locator('.table-wrap').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  it("sets its text in the shop's own faces, served by the shop", async () => {
    const page = suite.page();
    const fontFiles: string[] = [];
    page.on('response', (r) => {
      if (/\.woff2$/.test(r.url())) fontFiles.push(`${r.status()} ${new URL(r.url()).origin === suite.app().baseUrl ? 'same-origin' : r.url()}`);
    });
    await signIn(page, '/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 30_000 });
    const faces = await page.evaluate(async () => {
      await document.fonts.ready;
      return {
        body: getComputedStyle(document.body).fontFamily,
        heading: getComputedStyle(document.querySelector('h1')!).fontFamily,
        garamond: document.fonts.check('16px "EB Garamond"'),
        blackletter: document.fonts.check('16px "UnifrakturMaguntia"'),
        loaded: [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, '')),
      };
    });
    expect(faces.body).toMatch(/^"EB Garamond"/);
    expect(faces.heading).toMatch(/^UnifrakturMaguntia/);
    expect(faces.loaded).toEqual(expect.arrayContaining(['EB Garamond', 'UnifrakturMaguntia']));
    expect(faces.garamond && faces.blackletter).toBe(true);
    expect(fontFiles.length).toBeGreaterThanOrEqual(2);
    expect(new Set(fontFiles)).toEqual(new Set(['200 same-origin']));
  });
});
