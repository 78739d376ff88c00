import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser';
import { addProduct } from '../support/shop-fixtures';

const suite = browserSuite();

const quantity = () => suite.page().getByTestId('item-quantity').first().innerText();

/** Adds one of the product from its page and waits for the toast. */
async function addFromProductPage(page: Page, productId: number, name: string): Promise<void> {
  await page.goto(`${suite.app().baseUrl}/product/${productId}`);
  await page.getByRole('heading', { name }).waitFor();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByText(`${name} has been added to your cart.`).waitFor();
}

/** Whether two boxes overlap at all. */
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('cart in a real browser', () => {
  it('adds from a product page, shows the badge, the drawer and the cart page, and empties the cart', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(`${t.baseUrl}/product/2`);
    await page.getByRole('heading', { name: 'Bat Wing Crop Tee' }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Bat Wing Crop Tee has been added to your cart.').waitFor();
    // The header polls every 2 s and listens for cartUpdated: the badge follows within 2 s.
    await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).waitFor({ timeout: 2000 });
    expect(await page.evaluate(() => localStorage.getItem('cartSessionId'))).toMatch(/^session_\d+_[a-z0-9]{16}$/);

    await page.getByRole('button', { name: 'Open cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await drawer.getByText('CART', { exact: true }).waitFor();
    await drawer.getByText('Bat Wing Crop Tee', { exact: true }).waitFor(); // the toast shows inside the open drawer too
    await drawer.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(/\/cart$/);

    await page.getByRole('heading', { name: /Your Items/ }).waitFor();
    await page.getByRole('button', { name: 'Increase quantity of Bat Wing Crop Tee' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="item-quantity"]')?.textContent === '2');
    expect(await page.getByTestId('order-total').innerText()).toContain('$64.00');

    await page.getByRole('button', { name: 'Decrease quantity of Bat Wing Crop Tee' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="item-quantity"]')?.textContent === '1');
    expect(await quantity()).toBe('1');

    await page.getByRole('button', { name: 'Remove Bat Wing Crop Tee' }).click();
    await page.getByText('Your Cart is Empty').waitFor();
    await page.getByText('Add some items to get started!').waitFor();

    const cart = await t.http.get(`/api/cart/${await page.evaluate(() => localStorage.getItem('cartSessionId'))}`).expect(200);
    expect(cart.body.items).toEqual([]);
  });

  it('adds without looking the cart up when it knows it: a new session creates one, a shown cart takes the item', async () => {
    const [t, page] = [suite.app(), suite.page()];
    // Every lookup of a cart by session fails from here on: an add that needed one would fail too.
    await page.route(/\/api\/cart\/session_/, (route) => (route.request().method() === 'GET' ? route.abort() : route.continue()));
    await page.goto(`${t.baseUrl}/product/2`);
    await page.getByRole('heading', { name: 'Bat Wing Crop Tee' }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Bat Wing Crop Tee has been added to your cart.').waitFor();
    await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).waitFor();

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByTestId('cart-count').filter({ hasText: /^2$/ }).waitFor();
    const sessionId = await page.evaluate(() => localStorage.getItem('cartSessionId'));
    const cart = await t.http.get(`/api/cart/${sessionId}`).expect(200);
    expect(cart.body.items.map((i: { quantity: number }) => i.quantity)).toEqual([2]);
  });

  it('reads the cart again naming the version a change was answered with, so no other server answers an older one', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const reads: string[] = [];
    const answered: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && /\/api\/cart\/session_/.test(r.url())) reads.push(new URL(r.url()).search);
    });
    // Each add's answer, read before the test goes on (a response listener would read its body later).
    const add = async () => {
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/cart\/[0-9a-f-]{36}\/items$/.test(r.url())),
        page.getByRole('button', { name: 'Add to Cart' }).click(),
      ]);
      answered.push(((await response.json()) as { cart: { version: number } }).cart.version);
    };
    await page.goto(`${t.baseUrl}/product/2`);
    await page.getByRole('heading', { name: 'Bat Wing Crop Tee' }).waitFor();
    await add();
    await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).waitFor();
    await add();
    await page.getByTestId('cart-count').filter({ hasText: /^2$/ }).waitFor();
    expect(answered).toHaveLength(2);
    // The refetch after the second change (the first made the session: nothing to refetch) and the
    // header's polls after it name the version that change was answered with.
    await page.waitForTimeout(2500);
    expect(reads).toContain(`?version=${answered[1]}`);
    expect(reads.every((search) => /^\?version=\d+$/.test(search))).toBe(true);
  });

  it('never asks for a new session’s cart before the first add has made it', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const lookups: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'GET' && /\/api\/cart\/session_/.test(r.url())) lookups.push(r.status());
    });
    // The cart is made slowly, as on a slow network: the window in which a lookup would find nothing.
    await page.route(/\/api\/cart$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto(`${t.baseUrl}/product/2`);
    await page.getByRole('heading', { name: 'Bat Wing Crop Tee' }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).waitFor();
    // Long enough for the header's next poll.
    await page.waitForTimeout(2500);
    expect(lookups.length).toBeGreaterThan(0);
    expect(lookups.filter((status) => status !== 200 && status !== 304)).toEqual([]);
  });

  it('keeps one cart for the page’s life when the browser blocks storage', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.addInitScript(() =>
      Object.defineProperty(window, 'localStorage', {
        get: () => {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      }),
    );
    await page.goto(`${t.baseUrl}/`);
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    for (const name of ['Raven Embroidered Hoodie', 'Bat Wing Crop Tee']) {
      await cards
        .filter({ hasText: name })
        .getByRole('button', { name: /Add to Cart/ })
        .click();
      await page.getByText(`${name} has been added to your cart.`).waitFor();
    }
    await page.getByTestId('cart-count').filter({ hasText: /^2$/ }).waitFor();
    await page.getByRole('button', { name: 'Open cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await drawer.getByText('Raven Embroidered Hoodie', { exact: true }).waitFor();
    await drawer.getByText('Bat Wing Crop Tee', { exact: true }).waitFor();
  });

  it('cannot add a sold-out product', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(`${t.baseUrl}/product/3`);
    await page.getByRole('heading', { name: 'Moth Cardigan' }).waitFor();
    await expect(page.getByRole('button', { name: 'SOLD OUT' }).isDisabled()).resolves.toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('cartSessionId'))).toBeNull();
  });

  it('shows the address form and the shipping line when shipping is chosen', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(`${t.baseUrl}/product/4`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Skull Iron-On Patch has been added to your cart.').waitFor();
    await page.goto(`${t.baseUrl}/cart`);
    await page.getByRole('heading', { name: /Your Items/ }).waitFor();

    expect(await page.getByLabel('Street Address').count()).toBe(0);
    await page.getByRole('radio', { name: 'Shipping' }).check();
    await page.getByLabel('Street Address').waitFor();
    await page.getByLabel('City').waitFor();
    await page.getByLabel('State').waitFor();
    await page.getByLabel('ZIP Code').fill('02139');
    // A US-only shop shows its country; there is nothing to type.
    expect(await page.getByTestId('shipping-country').textContent()).toMatch(/^Country\s*United States/);
    expect(await page.getByLabel('Country').count()).toBe(0);
    // A 9.00 patch is under the 50.00 threshold: standard shipping costs 5.00.
    await page.waitForFunction(() => document.querySelector('[data-testid="order-total"]')?.textContent?.includes('$14.00'));
    await page.getByText('Included in price').waitFor();
  });

  it('disables + once the cart holds every unit in stock, and says how many are left', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const name = `Last Two Hoops ${Date.now()}`;
    const productId = await addProduct(t, { name, priceCents: 4000, stockQuantity: 2 });
    await addFromProductPage(page, productId, name);
    await page.goto(`${t.baseUrl}/cart`);
    const plus = page.getByRole('button', { name: `Increase quantity of ${name}` });
    await plus.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="item-quantity"]')?.textContent === '2');
    await expect(plus.isDisabled()).resolves.toBe(true);
    await page.getByText('Only 2 left').waitFor();
    expect(await plus.getAttribute('aria-describedby')).toBeTruthy();

    // A tap on the disabled button asks nothing of the server.
    const patches: string[] = [];
    page.on('request', (r) => r.method() === 'PATCH' && patches.push(r.url()));
    await plus.click({ force: true });
    await page.waitForTimeout(500);
    expect(patches).toEqual([]);
    expect(await quantity()).toBe('2');

    // One fewer, and + is open again.
    await page.getByRole('button', { name: `Decrease quantity of ${name}` }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="item-quantity"]')?.textContent === '1');
    await expect(plus.isEnabled()).resolves.toBe(true);
  });

  it("shows the server's reason when it refuses a quantity (the stock went while the page was open)", async () => {
    const [t, page] = [suite.app(), suite.page()];
    const name = `Three Left Patch ${Date.now()}`;
    const productId = await addProduct(t, { name, priceCents: 900, stockQuantity: 3 });
    await addFromProductPage(page, productId, name);
    // The page's catalogue is older than the server's stock: it still thinks 30 are there.
    await page.route('**/api/products', async (route) => {
      try {
        const res = await route.fetch();
        const products = (await res.json()) as { id: number; stockQuantity: number; variants: { stockQuantity: number }[] }[];
        const stale = (p: (typeof products)[number]) => ({ ...p, stockQuantity: 30, variants: p.variants.map((v) => ({ ...v, stockQuantity: 30 })) });
        await route.fulfill({ response: res, json: products.map((p) => (p.id === productId ? stale(p) : p)) });
      } catch {
        // A request the page dropped as it moved on: nothing to answer.
      }
    });
    await page.goto(`${t.baseUrl}/cart`);
    const plus = page.getByRole('button', { name: `Increase quantity of ${name}` });
    for (const n of ['2', '3']) {
      await plus.click();
      await page.waitForFunction((want) => document.querySelector('[data-testid="item-quantity"]')?.textContent === want, n);
    }
    await plus.click();
    await page.getByText(`Failed to update item quantity. Only 3 of ${name} left.`).waitFor();
    expect(await quantity()).toBe('3');
  });

  it("keeps the drawer's subtotal and Checkout clear of the toast on a phone, and changes quantities there", async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${t.baseUrl}/`);
    const card = page.getByTestId('product-card').filter({ hasText: 'Bat Wing Crop Tee' });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).waitFor();
    // Open the drawer while the 'Added to Cart' toast is still up.
    await page.getByRole('button', { name: /^Open cart/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    const toast = drawer.getByText('Bat Wing Crop Tee has been added to your cart.');
    await toast.waitFor();
    const checkout = drawer.getByRole('button', { name: 'Checkout' });
    const toastBox = (await drawer.locator('.toast').boundingBox())!;
    for (const action of [checkout, drawer.locator('.drawer__subtotal'), drawer.getByRole('button', { name: 'Close cart' })]) {
      expect(overlaps(toastBox, (await action.boundingBox())!)).toBe(false);
    }
    const checkoutBox = (await checkout.boundingBox())!;
    expect(checkoutBox.y + checkoutBox.height).toBeLessThanOrEqual(844);

    // The drawer has the checkout page's quantity controls.
    await drawer.getByRole('button', { name: 'Increase quantity of Bat Wing Crop Tee' }).click();
    await drawer.getByTestId('item-quantity').filter({ hasText: /^2$/ }).waitFor();
    await page.getByTestId('cart-count').filter({ hasText: /^2$/ }).waitFor();
    await drawer.getByRole('button', { name: 'Remove Bat Wing Crop Tee' }).click();
    await drawer.getByText('Your Cart is Empty').waitFor();
    await drawer.getByText('Item has been removed from your cart.').waitFor();
  });
});
