import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser';
import { addProduct } from '../support/shop-fixtures';

// A partner's page with a product grid and no cart button (the shop's widgets, nothing else).
let host: Server;
beforeAll(async () => {
  host = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><head><title>Partner</title></head><body>
      <h1>Our friends at the Dark Circle</h1>
      <dc-product-grid api-base="${suite.app().baseUrl}" category="patches" limit="3"></dc-product-grid>
      <script type="module" src="${suite.app().baseUrl}/widgets/dc-widgets.js"></script>
    </body></html>`);
  });
  await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
});
afterAll(() => new Promise((done) => host?.close(done)));
const hostUrl = () => `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;

const suite = browserSuite(() => ({ WIDGET_ORIGINS: hostUrl().slice(0, -1) }));

/** The text of the element that has the focus, looking inside shadow roots. */
const focusedText = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.textContent?.trim() ?? '';
  });

describe('add to cart leads somewhere', () => {
  it('on the shop: a notification with the way to the cart and the checkout takes the focus, and none is left at /cart', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(`${t.baseUrl}/product/4`);
    await page.getByRole('heading', { name: 'Skull Iron-On Patch' }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const notification = page.locator('.toast');
    await notification.getByText('Skull Iron-On Patch has been added to your cart.').waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'View cart (1)');

    // View cart opens the header's drawer onto the line added, and the notification goes.
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await drawer.getByText('Skull Iron-On Patch', { exact: true }).waitFor();
    await notification.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');

    // A second add, then Check out: the checkout shows no notification from before.
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await notification.getByRole('button', { name: 'View cart (2)' }).waitFor();
    await notification.getByRole('link', { name: 'Check out' }).click();
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/cart');
    expect(await page.locator('.toast').count()).toBe(0);
  });

  it('Escape closes the notification and gives the focus back to the button that added', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(`${t.baseUrl}/product/5`);
    await page.getByRole('heading', { name: 'Crescent Moon Patch' }).waitFor();
    // The page fetched anew after the add comes slowly (a busy shop): the button is free all the same.
    await page.route('**/api/products**', async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForFunction(() => document.activeElement?.textContent === 'View cart (1)');
    await page.keyboard.press('Escape');
    await page.locator('.toast').waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe('Add to Cart');
  });

  it('the last unit added: its button is disabled, so the drawer opens and takes the focus, never <body>', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const name = `Last Bat Brooch ${Date.now()}`;
    const productId = await addProduct(t, { name, priceCents: 1200, stockQuantity: 1 });
    await page.goto(`${t.baseUrl}/product/${productId}`);
    await page.getByRole('heading', { name }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await drawer.getByText(name, { exact: true }).waitFor();
    // The cart holds every unit: the button that had the focus is disabled now.
    expect(await page.locator('#main button.button--large').isDisabled()).toBe(true);
    await page.waitForFunction(() => document.activeElement?.closest('dialog[open]') !== null);
    expect(await page.locator('.toast').getByText(`${name} has been added to your cart.`).count()).toBe(1);
    // Escape gives the focus to the cart button that holds the piece now.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Cart' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open cart, 1 item');
  });

  it("says what a card's button does: Choose options for sizes, Sold out when nothing is left", async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(`${t.baseUrl}/`);
    const hoodie = page.getByTestId('product-card').filter({ hasText: 'Coven Zip Hoodie' });
    await hoodie.getByRole('button', { name: 'Choose options' }).click();
    await page.getByRole('dialog', { name: 'Coven Zip Hoodie' }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Sold Out', exact: true }).click();
    const cardigan = page.getByTestId('product-card').filter({ hasText: 'Moth Cardigan' });
    await expect(cardigan.getByRole('button', { name: 'Sold out', exact: true }).isDisabled()).resolves.toBe(true);
    expect(await cardigan.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
  });

  it("on a partner's page without a cart button: the notification's links hand the cart to the shop's checkout", async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(hostUrl());
    const grid = page.locator('dc-product-grid');
    await grid.getByTestId('product-card').first().getByRole('button', { name: 'Add to Cart' }).click();
    const notification = grid.locator('.toast');
    await notification.getByText(/has been added to your cart\./).waitFor();
    await page.waitForFunction(() => document.querySelector('dc-product-grid')?.shadowRoot?.activeElement?.textContent === 'View cart (1)');
    const checkout = notification.getByRole('link', { name: 'Check out' });
    await page.waitForFunction(() => document.querySelector('dc-product-grid')?.shadowRoot?.querySelector('.toast a:last-child')?.getAttribute('href'));
    expect(await checkout.getAttribute('href')).toMatch(new RegExp(`^${t.baseUrl}/cart\\?handover=`));
    expect(await notification.getByRole('link', { name: 'View cart (1)' }).getAttribute('href')).toBe(await checkout.getAttribute('href'));
    // Never wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await checkout.click();
    await page.waitForURL((url) => url.origin === t.baseUrl && url.pathname === '/cart');
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    // The phone's checkout folds its lines into the summary bar: the line is there, folded.
    await page.locator('.cart-item__name', { hasText: 'Patch' }).waitFor({ state: 'attached' });
  });
});
