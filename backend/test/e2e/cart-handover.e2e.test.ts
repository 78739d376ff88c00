import { createServer } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { startWidgetDemo, type WidgetDemo } from '../../src/site';
import { RecoveryLinks } from '../../src/recovery/recovery-links';
import { browserSuite } from '../support/browser';

/**
 * A cart handed over by the widgets' Checkout link, followed in a browser whose own cart holds
 * items (someone else's link, or the shopper's from another site): the shopper keeps their items and
 * the other cart's lines are merged in, once. A browser with no cart takes the handed-over cart.
 */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

let demoPort: number;
beforeAll(async () => {
  demoPort = await freePort();
});
const suite = browserSuite(() => ({ WIDGET_ORIGINS: `http://localhost:${demoPort}` }));

let demo: WidgetDemo;
beforeAll(async () => {
  demo = await startWidgetDemo({ port: demoPort, host: 'localhost', shop: suite.app().baseUrl });
});
afterAll(() => demo?.close());

const browser = (page: Page) => page.context().browser() as Browser;

/** In a browser of its own, on the demo host page: adds the first product of the grid and copies the drawer's Checkout link. */
async function someoneElsesCheckoutLink(page: Page): Promise<{ href: string; product: string }> {
  const other = await browser(page).newContext();
  try {
    const host = await other.newPage();
    await host.goto(demo.url);
    const card = host.locator('dc-product-grid [data-testid="product-card"]').first();
    await card.waitFor();
    const product = (await card.getByRole('heading').first().innerText()).trim();
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await host.locator('dc-cart [data-testid="cart-count"]').filter({ hasText: '1' }).waitFor();
    // Their contact is on their cart: the shopper who follows the link must never see it.
    const sessionId = await host.evaluate(() => localStorage.getItem('cartSessionId'));
    const cart = (await suite.app().http.get(`/api/cart/${sessionId}`).expect(200)).body.cart;
    await suite.app().http.patch(`/api/cart/${cart.id}/contact`).send({ name: 'Renfield Stranger', email: 'renfield.stranger@example.com' }).expect(200);
    await host
      .locator('dc-cart')
      .getByRole('button', { name: /^Open cart/ })
      .click();
    const checkout = host.locator('dc-cart dialog[open]').getByRole('link', { name: 'Checkout' });
    await checkout.and(host.locator('[href]')).waitFor();
    return { href: (await checkout.getAttribute('href'))!, product };
  } finally {
    await other.close();
  }
}

/** Adds the product with this id from its page, as a shopper does. */
async function addFromProductPage(page: Page, productId: number, name: string): Promise<void> {
  await page.goto(`${suite.app().baseUrl}/product/${productId}`);
  await page.getByRole('heading', { name }).waitFor();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.locator('[data-testid="cart-count"]').filter({ hasText: '1' }).first().waitFor();
}

describe('a cart handed over by a link', () => {
  it("keeps the items of a shopper who follows someone else's Checkout link, merges the other cart's lines in once, and never shows the other contact", async () => {
    const page = suite.page();
    await addFromProductPage(page, 2, 'Bat Wing Crop Tee');
    const ownSession = await page.evaluate(() => localStorage.getItem('cartSessionId'));
    const { href, product } = await someoneElsesCheckoutLink(page);

    await page.goto(href);
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await page.getByText('We added 1 piece from the linked cart to yours; everything already in your cart is still here.').waitFor();
    const items = page.locator('.checkout__order');
    await items.getByText('Bat Wing Crop Tee').waitFor();
    await items.getByText(product).waitFor();
    await page.getByRole('heading', { name: 'Your Items (2)' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cartSessionId'))).toBe(ownSession);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    expect(await page.content()).not.toMatch(/renfield/i);

    // The same link again (a reload, the back button) adds nothing more.
    await page.goto(href);
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await page.getByRole('heading', { name: 'Your Items (2)' }).waitFor();
    await page.waitForTimeout(500);
    await page.getByRole('heading', { name: 'Your Items (2)' }).waitFor();
  });

  it("gives a shopper with no cart the cart of the widget's Checkout, and keeps their own contact on their device only", async () => {
    const page = suite.page();
    const { href, product } = await someoneElsesCheckoutLink(page);
    await page.goto(href);
    await page.getByRole('heading', { name: 'Your Items (1)' }).waitFor();
    await page.locator('.checkout__order').getByText(product).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.content()).not.toMatch(/renfield/i);

    // The shopper's own details, typed once, are there after a reload: this browser keeps them.
    await page.getByLabel('Name').fill('Mina Harker');
    await page.getByLabel('Email').fill('mina.harker@example.com');
    await page.getByLabel('Name').focus();
    await page.reload();
    await page.getByRole('heading', { name: 'Your Items (1)' }).waitFor();
    await page.getByLabel('Name').and(page.locator('[value="Mina Harker"]')).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('mina.harker@example.com');
  });

  it("says so when a hand-over link has been altered, and keeps the shopper's cart", async () => {
    const page = suite.page();
    await addFromProductPage(page, 2, 'Bat Wing Crop Tee');
    const { href } = await someoneElsesCheckoutLink(page);
    const altered = new URL(href);
    altered.searchParams.set('handover', `x${altered.searchParams.get('handover')}`);
    await page.goto(altered.href);
    await page.getByRole('alert').filter({ hasText: 'This checkout link is not valid.' }).waitFor();
    await page.getByRole('heading', { name: 'Your Items (1)' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it("keeps the items of a shopper who opens a recovery email's restore link, with the restored lines merged in", async () => {
    const [t, page] = [suite.app(), suite.page()];
    await addFromProductPage(page, 2, 'Bat Wing Crop Tee');
    const ownSession = await page.evaluate(() => localStorage.getItem('cartSessionId'));
    const left = await t.http
      .post('/api/cart')
      .send({ sessionId: `session_${Date.now()}_leftbehind00` })
      .expect(201);
    await t.http.post(`/api/cart/${left.body.id}/items`).send({ productId: 1, quantity: 1 }).expect(200);
    const link = new URL(t.app.get(RecoveryLinks).restoreUrl(left.body.id));

    await page.goto(`${t.baseUrl}${link.pathname}${link.search}`);
    await page.getByText('Welcome back: 1 piece from the cart you left was added to your cart; everything you had is still here.').waitFor();
    await page.getByRole('heading', { name: 'Your Items (2)' }).waitFor();
    await page.locator('.checkout__order').getByText('Bat Wing Crop Tee').waitFor();
    await page.locator('.checkout__order').getByText('Raven Embroidered Hoodie').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cartSessionId'))).toBe(ownSession);
  });
});
