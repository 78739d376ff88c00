import { browserSuite } from '../support/browser';

const suite = browserSuite();

const cards = () => suite.page().getByTestId('product-card');

describe('storefront in a real browser', () => {
  it('browses the shop: all, a category, sold-out, then a product page', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(`${t.baseUrl}/`);
    await expect(page.getByRole('link', { name: 'Shop' }).first().isVisible()).resolves.toBe(true);

    // All shows only what is in stock.
    await cards().first().waitFor();
    expect(await cards().count()).toBe(10);
    expect(await page.getByText('SOLD OUT', { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Clothing', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-card"]').length === 3);
    const clothing = await cards().allInnerTexts();
    expect(clothing.join('\n')).toContain('Raven Embroidered Hoodie');
    expect(clothing.join('\n')).not.toContain('Moth Cardigan'); // sold out, so not under a category

    await page.getByRole('button', { name: 'Sold Out', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-card"]').length === 3);
    const soldOut = cards();
    for (let i = 0; i < 3; i++) {
      await expect(soldOut.nth(i).getByText('SOLD OUT', { exact: true }).count()).resolves.toBeGreaterThan(0);
      await expect(soldOut.nth(i).getByRole('button', { name: 'Sold out', exact: true }).isDisabled()).resolves.toBe(true);
    }

    await soldOut.filter({ hasText: 'Moth Cardigan' }).click();
    await page.waitForURL(/\/product\/3$/);
    await page.getByRole('heading', { name: 'Moth Cardigan' }).waitFor();
    await page.getByText('OUT OF STOCK', { exact: true }).waitFor();
    await page.getByText('This item is currently out of stock. Check back soon!').waitFor();
    await expect(page.getByRole('button', { name: 'SOLD OUT' }).isDisabled()).resolves.toBe(true);
  });

  it('says the products failed to load, instead of loading forever, when the catalogue cannot be had', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.route('**/api/products', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }));
    await page.goto(`${t.baseUrl}/`);
    await page.getByRole('alert').filter({ hasText: 'Failed to load products. Please try again later.' }).waitFor({ timeout: 15_000 });
    expect(await cards().count()).toBe(0);
    expect(await page.getByText('Loading products…').count()).toBe(0);
  });

  it('shows an in-stock product with its price and count, and PRODUCT NOT FOUND for an unknown one', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(`${t.baseUrl}/product/1`);
    await page.getByRole('heading', { name: 'Raven Embroidered Hoodie' }).waitFor();
    await page.getByText('$68.00').first().waitFor();
    await page.getByText('IN STOCK', { exact: true }).waitFor();
    await page.getByText('6 available').waitFor();
    await expect(page.getByRole('button', { name: 'Add to Cart' }).isEnabled()).resolves.toBe(true);

    await page.goto(`${t.baseUrl}/product/999`);
    await page.getByText('PRODUCT NOT FOUND').waitFor();
    await page
      .getByRole('link', { name: 'BACK TO SHOP' })
      .or(page.getByRole('button', { name: 'BACK TO SHOP' }))
      .waitFor();
  });

  it('hides the Instagram strip when no account is connected, and keeps the newsletter card', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const posts = page.waitForResponse((res) => res.url().endsWith('/api/instagram/posts'));
    await page.goto(`${t.baseUrl}/`);
    expect(await (await posts).json()).toEqual([]);
    await page.getByTestId('newsletter-card').waitFor();
    expect(await page.locator('.social-strip').count()).toBe(0);
  });

  it('shows the 18 font options on /fonts', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(`${t.baseUrl}/fonts`);
    await page.getByTestId('font-option').first().waitFor();
    expect(await page.getByTestId('font-option').count()).toBe(18);
  });

  it('shows the not-found page, with a 404 status, for an unknown path', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const res = await page.goto(`${t.baseUrl}/no/such/page`);
    expect(res?.status()).toBe(404);
    await page.getByText('404 Page Not Found').waitFor();
  });

  it('fits a 360 px screen with the hamburger menu', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${t.baseUrl}/`);
    await cards().first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Bio' }).first().click();
    await page.waitForFunction(() => (document.getElementById('bio')?.getBoundingClientRect().top ?? 999) < 200);
  });

  it("on a phone: two columns, the filter chips in one row, the first card on the shop's first screen", async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${t.baseUrl}/#shop`);
    await cards().nth(1).waitFor();
    const [first, second] = [(await cards().nth(0).boundingBox())!, (await cards().nth(1).boundingBox())!];
    expect(second.y).toBe(first.y); // side by side
    expect(second.x).toBeGreaterThan(first.x + first.width - 1);
    expect(second.x + second.width).toBeLessThanOrEqual(390);

    // The chips are one row that scrolls sideways, not four rows.
    const chips = page.getByRole('group', { name: 'Filter products' }).getByRole('button');
    await chips.filter({ hasText: 'Clothing' }).waitFor();
    const tops = new Set(await chips.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top))));
    expect(tops.size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Arriving at the shop section, its first card shows on that first screen.
    await page.waitForFunction(() => Math.abs(document.getElementById('shop')!.getBoundingClientRect().top - 64) < 40);
    const card = (await cards().first().boundingBox())!;
    expect(card.y).toBeLessThan(844);
    expect(card.y).toBeGreaterThan(0);
  });

  it('keeps the chosen filter in the address: a reload shows the same category', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(`${t.baseUrl}/`);
    await cards().first().waitFor();
    await page.getByRole('button', { name: 'Patches', exact: true }).click();
    await page.waitForURL(/\/\?category=patches$/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-card"]').length === 2);
    await page.reload();
    await page.getByRole('button', { name: 'Patches', exact: true, pressed: true }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-card"]').length === 2);
    expect((await cards().allInnerTexts()).join('\n')).toContain('Skull Iron-On Patch');

    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.waitForURL((url) => url.search === '');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-card"]').length === 10);
    // An unknown category in the address reads as All.
    await page.goto(`${t.baseUrl}/?category=nonsense`);
    await page.getByRole('button', { name: 'All', exact: true, pressed: true }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-card"]').length === 10);
  });

  it('offers the sold-out pieces of a category that has nothing in stock (the originals)', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(`${t.baseUrl}/?category=originals`);
    await page.getByRole('heading', { name: 'No Products Found' }).waitFor();
    expect(await cards().count()).toBe(0);
    await page.getByRole('link', { name: 'See 1 sold-out piece' }).click();
    await page.waitForURL(/\?category=originals&show=sold-out$/);
    await cards().filter({ hasText: 'Broken Heart Original' }).getByText('SOLD OUT', { exact: true }).waitFor();
    expect(await cards().count()).toBe(1);
    // A category with pieces in stock shows only those, and no such link.
    await page.getByRole('button', { name: 'Clothing', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-card"]').length === 3);
    expect(await page.getByRole('link', { name: /sold-out piece/ }).count()).toBe(0);
  });
});
