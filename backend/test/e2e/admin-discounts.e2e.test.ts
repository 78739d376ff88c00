import type { Page } from 'playwright-core';
import { AdminClient } from '../support/admin-client';
import { browserSuite } from '../support/browser';
import { shoot } from '../support/page-shots';
import { cartWith } from '../support/shop-fixtures';

// The studio is in New York; the test's browser runs in UTC, so times shown in the studio's zone differ from the browser's.
const suite = browserSuite({ SHOP_TIME_ZONE: 'America/New_York' });

const signIn = (page: Page, returnTo: string) => page.goto(`${suite.app().baseUrl}/api/auth/google?login_hint=owner%40darkcircle.test&returnTo=${encodeURIComponent(returnTo)}`);
const spoken = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const row = (page: Page, code: string) => page.getByTestId('admin-discount').filter({ has: page.locator('strong', { hasText: new RegExp(`^${code}$`) }) });

describe('the admin Discounts page', () => {
  it('lists the codes with their uses and revenue, and makes, changes and deletes one, with its times in the studio zone', async () => {
    const [t, page] = [suite.app(), suite.page()];
    // A code used once before the page opens: its uses and revenue show.
    const api = await AdminClient.signIn(t.baseUrl);
    expect((await api.post('/api/admin/discounts', { code: 'FLYER5', type: 'fixed', value: '5.00', description: 'Flyers at the Night Market' })).status).toBe(201);
    const cart = await cartWith(t, { 2: 1 });
    const paid = await t.http.post('/api/square/process-payment').send({
      sourceId: 'cnon:card-nonce-ok',
      amountMoney: { amount: '2700', currency: 'USD' },
      customerName: 'Mina Harker',
      customerEmail: 'mina@example.com',
      cartId: cart.id,
      fulfillmentMethod: 'pickup',
      discountCode: 'FLYER5',
    });
    expect(paid.body).toMatchObject({ success: true });

    await signIn(page, '/admin/discounts');
    await page.getByRole('heading', { name: 'Discounts', exact: true }).waitFor({ timeout: 30_000 });
    await row(page, 'DARKCIRCLE10').getByText('10% off · on every item · once per customer').waitFor();
    await row(page, 'FLYER5').getByTestId('discount-uses').getByText('1 use · Revenue $27.00 · $5.00 off').waitFor();
    await shoot(page, 'admin-discounts');

    await page.getByRole('button', { name: 'Add Discount' }).click();
    const form = page.getByRole('form', { name: 'Add Discount' });
    await form.getByLabel('Code', { exact: true }).fill('halloween20');
    await form.getByLabel('Percent off').fill('20');
    // Midnight in New York on the studio's clock, whatever the browser's zone.
    await form.getByLabel('Starts (optional)').fill('2026-10-24T00:00');
    await form.getByLabel('Ends (optional)').fill('2026-11-02T00:00');
    await form.getByLabel('Usage limit (optional)').fill('100');
    await form.getByLabel('Once per customer (by email and card)').check();
    await form.getByLabel('Patches').check();
    await form.getByText("Times are in the studio's time zone (America/New_York).").waitFor();
    await shoot(page, 'admin-discounts-form');
    await form.getByRole('button', { name: 'Add Discount' }).click();
    await page.getByText('HALLOWEEN20 is ready.').waitFor({ timeout: 30_000 });

    const halloween = row(page, 'HALLOWEEN20');
    await halloween.getByText('20% off · on patches · once per customer · not with sale prices').waitFor();
    await halloween.getByText(/Oct 24, 2026, 12:00\sAM – Nov 2, 2026, 12:00\sAM/).waitFor();
    await halloween.getByTestId('discount-uses').getByText('0 uses of 100 · Revenue $0.00').waitFor();
    // New York's clocks go back on Nov 1, 2026: the start is at UTC-4, the end at UTC-5.
    expect((await api.get('/api/admin/discounts/HALLOWEEN20')).body).toMatchObject({ startsAt: '2026-10-24T04:00:00.000Z', endsAt: '2026-11-02T05:00:00.000Z', categories: ['patches'] });

    // Edited: the form opens with its times on the studio's clock, and saves only what changed.
    await page.getByRole('button', { name: 'Edit HALLOWEEN20' }).click();
    const edit = page.getByRole('form', { name: 'Edit HALLOWEEN20' });
    expect(await edit.getByLabel('Starts (optional)').inputValue()).toBe('2026-10-24T00:00');
    await edit.getByLabel('Percent off').fill('25');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('HALLOWEEN20 has been saved.').waitFor({ timeout: 30_000 });
    await halloween.getByText(/^25% off · on patches/).waitFor();
    expect((await api.get('/api/admin/discounts/HALLOWEEN20')).body).toMatchObject({ value: 25, startsAt: '2026-10-24T04:00:00.000Z' });

    // Deleted, after confirming.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete HALLOWEEN20' }).click();
    await page.getByText('HALLOWEEN20 can no longer be used.').waitFor({ timeout: 30_000 });
    await halloween.waitFor({ state: 'detached' });
    expect((await api.get('/api/admin/discounts/HALLOWEEN20')).status).toBe(404);
  });

  it('is in the phone tab bar, and its list fits the screen', async () => {
    const page = suite.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, '/admin');
    const tab = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Discounts' });
    await tab.click({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Discounts', exact: true }).waitFor();
    expect(await tab.getAttribute('class')).toContain('active');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe('an automatic sale and a discount link on the storefront', () => {
  it('shows "was, now" on the grid and the product page, and a /?discount= link fills the code in at checkout', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const api = await AdminClient.signIn(t.baseUrl);
    const product = (await t.http.get('/api/products/2').expect(200)).body as { name: string; price: string };
    expect((await api.post('/api/admin/discounts', { code: 'TEE-SALE', automatic: true, type: 'percentage', value: 25, productIds: [2] })).status).toBe(201);
    const was = `$${product.price}`;
    const now = `$${((Math.round(Number(product.price) * 100) - Math.floor((Math.round(Number(product.price) * 100) * 25 + 50) / 100)) / 100).toFixed(2)}`;

    await page.goto(`${t.baseUrl}/?discount=welcome-back`);
    await page.getByText('WELCOME-BACK will be applied at checkout.').waitFor({ timeout: 30_000 });
    // The code leaves the address once it is kept.
    await page.waitForURL((url) => !url.search.includes('discount'));
    const card = page.getByTestId('product-card').filter({ hasText: product.name });
    await card.getByTestId('sale-price').waitFor({ timeout: 30_000 });
    // Read aloud (the words are visually hidden): "was $32.00, now $24.00".
    expect(spoken(await card.getByTestId('sale-price').textContent())).toBe(`was ${was}, now ${now}`);
    await card.scrollIntoViewIfNeeded();
    await shoot(page, 'storefront-sale-grid');

    await page.goto(`${t.baseUrl}/product/2`);
    await page.getByRole('heading', { name: product.name }).waitFor();
    const price = page.locator('.product-detail__info').getByTestId('sale-price');
    expect(spoken(await price.textContent())).toBe(`was ${was}, now ${now}`);
    await shoot(page, 'storefront-sale-product');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText(`${product.name} has been added to your cart.`).waitFor();

    // The code from the link is filled in at checkout, and the server's reason shows beside the field.
    await page.goto(`${t.baseUrl}/cart`);
    await page.getByLabel('Email').fill('mina@example.com');
    expect(await page.getByLabel('Discount code').inputValue()).toBe('WELCOME-BACK');
    await page.getByTestId('discount-status').getByText('WELCOME-BACK is not a valid discount code.').waitFor({ timeout: 30_000 });
    await shoot(page, 'storefront-cart-code-refused');

    expect((await api.post('/api/admin/discounts', { code: 'FREESHIP', type: 'free-shipping', combines: true })).status).toBe(201);
    await page.getByLabel('Discount code').fill('freeship');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('discount-status').getByText('FREESHIP: free shipping.').waitFor({ timeout: 30_000 });
  });
});
