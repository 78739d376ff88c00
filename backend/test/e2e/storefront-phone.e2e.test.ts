import type { Page } from 'playwright-core';
import { AdminClient } from '../support/admin-client';
import { browserSuite } from '../support/browser';

/**
 * The storefront at phone size (390×844) beside a desktop (1280×900): the buy box on the first
 * screen, the pictures full screen, the home page's first screen. On the demo catalogue: product 13
 * is the Coven Zip Hoodie (one option, Size; three pictures).
 */
const suite = browserSuite();
const SHOTS = process.env.SCREENSHOT_DIR;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const HOODIE = 13;

/** A screenshot for a person to look at (only when SCREENSHOT_DIR is set), once transitions have settled. */
async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  if (!SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage });
}

async function openHoodie(page: Page): Promise<void> {
  await page.goto(`${suite.app().baseUrl}/product/${HOODIE}`);
  await page.getByRole('heading', { name: 'Coven Zip Hoodie' }).waitFor();
}

const zoomView = (page: Page) => page.getByRole('dialog', { name: 'Pictures of Coven Zip Hoodie' });
const scale = async (page: Page) => Number(await page.getByTestId('zoom-stage').getAttribute('data-scale'));

describe('the product page on a phone', () => {
  it('puts the name, price, sizes, the quantity and the whole Add to Cart on the first screen, the description after, and no Back to Shop', async () => {
    const page = suite.page();
    await page.setViewportSize(PHONE);
    await openHoodie(page);
    await page.getByRole('button', { name: 'M', exact: true }).click();
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await add.waitFor();
    await shoot(page, 'product-phone-first-screen');

    const box = (await add.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    const quantity = (await page.getByRole('spinbutton', { name: 'Quantity' }).boundingBox())!;
    expect(quantity.y + quantity.height).toBeLessThanOrEqual(PHONE.height);
    const description = (await page.getByText('Midweight zip hoodie with a raven').boundingBox())!;
    expect(description.y).toBeGreaterThan(box.y + box.height);
    expect(await page.getByRole('button', { name: /back to shop/i }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /back to shop/i }).count()).toBe(0);
  });

  it('keeps the buy box beside the pictures on a desktop, with no Back to Shop', async () => {
    const page = suite.page();
    await page.setViewportSize(DESKTOP);
    await openHoodie(page);
    await shoot(page, 'product-desktop');
    const add = (await page.getByRole('button', { name: 'SELECT SIZE' }).boundingBox())!;
    const picture = (await page.locator('.gallery__track').boundingBox())!;
    expect(add.x).toBeGreaterThan(picture.x + picture.width);
    expect(add.y + add.height).toBeLessThanOrEqual(DESKTOP.height);
    expect(await page.getByRole('button', { name: /back to shop/i }).count()).toBe(0);
  });
});

describe('the pictures full screen', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`opens on a tap at ${viewport.width} px, zooms, swipes between pictures, and Escape gives the focus back`, async () => {
      const page = suite.page();
      await page.setViewportSize(viewport);
      await openHoodie(page);
      const opener = page.getByRole('button', { name: 'Zoom in on Coven Zip Hoodie, picture 1 of 3' });
      await opener.click();
      const view = zoomView(page);
      await view.waitFor();
      await shoot(page, 'zoom-open');
      expect(await view.getByText('1 / 3').isVisible()).toBe(true);
      expect(await scale(page)).toBe(1);

      // A tap zooms in at that point, another zooms out again.
      const stage = page.getByTestId('zoom-stage');
      await stage.click({ position: { x: viewport.width / 2 + 40, y: viewport.height / 2 - 40 } });
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="zoom-stage"]')!.getAttribute('data-scale')) > 2);
      await shoot(page, 'zoom-zoomed');
      const transform = await page.locator('.zoom__picture').evaluate((img) => getComputedStyle(img).transform);
      expect(transform).not.toBe('none');
      await stage.click({ position: { x: viewport.width / 2, y: viewport.height / 2 } });
      expect(await scale(page)).toBe(1);

      // A swipe to the left shows the next picture; the arrow keys step both ways.
      const y = viewport.height / 2;
      await page.mouse.move(viewport.width * 0.75, y);
      await page.mouse.down();
      await page.mouse.move(viewport.width * 0.5, y, { steps: 5 });
      await page.mouse.move(viewport.width * 0.25, y, { steps: 5 });
      await page.mouse.up();
      await view.getByText('2 / 3').waitFor();
      expect(await view.getByRole('img').getAttribute('alt')).toBe('Coven Zip Hoodie, picture 2 of 3');
      await page.keyboard.press('ArrowRight');
      await view.getByText('3 / 3').waitFor();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await view.getByText('1 / 3').waitFor();

      await page.keyboard.press('Escape');
      await view.waitFor({ state: 'detached' });
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    });
  }

  it('zooms with two fingers', async () => {
    const page = suite.page();
    await page.setViewportSize(PHONE);
    await openHoodie(page);
    await page.getByRole('button', { name: 'Zoom in on Coven Zip Hoodie, picture 1 of 3' }).click();
    await zoomView(page).waitFor();
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints:
          type === 'touchEnd'
            ? []
            : [
                { x: 195 - spread, y: 422, id: 1 },
                { x: 195 + spread, y: 422, id: 2 },
              ],
      });
    await touch('touchStart', 40);
    for (const spread of [60, 80, 100, 120]) await touch('touchMove', spread);
    await touch('touchEnd', 0);
    // The fingers moved three times as far apart: the picture is three times the size.
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="zoom-stage"]')!.getAttribute('data-scale')) > 2.5);
    await page.getByRole('button', { name: 'Close' }).click();
    await zoomView(page).waitFor({ state: 'detached' });
  });
});

describe('the home page', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`shows the work on the first screen at ${viewport.width} px, and the newsletter card under the first row of products`, async () => {
      const page = suite.page();
      await page.setViewportSize(viewport);
      await page.goto(`${suite.app().baseUrl}/`);
      const cards = page.getByTestId('product-card');
      await cards.first().waitFor();
      const card = page.getByTestId('newsletter-card');
      await card.waitFor();
      await shoot(page, 'home-first-screen');
      await shoot(page, 'home', true);

      // On a phone the first cards' pictures are on the first screen, at least half of each in view
      // (a desktop's hero, the brand's title, ends about there: its first row starts at the fold).
      const picture = (await cards.first().locator('img').boundingBox())!;
      if (viewport === PHONE) expect(picture.y + picture.height / 2).toBeLessThanOrEqual(viewport.height);
      else expect(picture.y).toBeLessThanOrEqual(viewport.height);

      // The card stands in the grid under the first row: below the first card, above the last.
      const newsletter = (await card.boundingBox())!;
      const first = (await cards.first().boundingBox())!;
      const last = (await cards.last().boundingBox())!;
      expect(newsletter.y).toBeGreaterThan(first.y + first.height);
      expect(newsletter.y + newsletter.height).toBeLessThan(last.y);
      expect(await page.locator('#hero [data-testid="newsletter-card"]').count()).toBe(0);
    });
  }
});

describe('the newsletter card in the grid', () => {
  it('keeps what the shopper typed while the products were loading, once the cards arrive', async () => {
    const page = suite.page();
    await page.setViewportSize(PHONE);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/products', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${suite.app().baseUrl}/`);
    const card = page.getByTestId('newsletter-card');
    await page.getByTestId('product-card').first().waitFor({ state: 'detached' });
    await card.getByLabel('Email address').fill('raven@example.com');
    await card.evaluate((el) => el.setAttribute('data-typed-in', 'yes'));
    release();
    await page.getByTestId('product-card').first().waitFor();
    // The same element, not a new card: the address is still in it.
    expect(await card.getAttribute('data-typed-in')).toBe('yes');
    expect(await card.getByLabel('Email address').inputValue()).toBe('raven@example.com');
  });
});

describe('the shop grid loading', () => {
  it('moves nothing in the grid when the cards take the skeletons’ place (no layout shift)', async () => {
    const page = suite.page();
    await page.setViewportSize(PHONE);
    await page.addInitScript(() => {
      const w = window as unknown as { gridShift: number };
      w.gridShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; sources: { node?: Node }[] }[]) {
          if (entry.sources.some((s) => s.node instanceof Element && s.node.closest('.product-grid'))) w.gridShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${suite.app().baseUrl}/`);
    await page.getByTestId('product-card').first().waitFor();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { gridShift: number }).gridShift)).toBe(0);
  });
});

describe('the size guide', () => {
  const GUIDE = 'Chest, laid flat:\nS 50 cm\nM 54 cm';
  let guided: number;
  beforeAll(async () => {
    const admin = await AdminClient.signIn(suite.app().baseUrl);
    const created = await admin.post('/api/admin/products', {
      name: 'Guided Raven Tee',
      description: 'A tee with a size guide, for a test',
      category: 'apparel',
      price: '30.00',
      images: ['/images/products/raven.svg'],
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: ['S', 'M'].map((size) => ({ options: { Size: size }, price: '30.00', stockQuantity: 2 })),
      sizeGuide: GUIDE,
    });
    expect(created.status).toBe(201);
    guided = created.body.id;
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`opens from the link beside the sizes at ${viewport.width} px, and Escape gives the focus back`, async () => {
      const page = suite.page();
      await page.setViewportSize(viewport);
      await page.goto(`${suite.app().baseUrl}/product/${guided}`);
      await page.getByRole('heading', { name: 'Guided Raven Tee' }).waitFor();
      const link = page.getByRole('button', { name: 'Size guide' });
      const sizes = page.getByRole('group', { name: 'Size' });
      // Beside the sizes: on the line of the option's name, just above its values.
      const [linkBox, sizesBox] = [(await link.boundingBox())!, (await sizes.boundingBox())!];
      expect(linkBox.y).toBeGreaterThanOrEqual(sizesBox.y - 1);
      expect(linkBox.y + linkBox.height).toBeLessThanOrEqual(sizesBox.y + sizesBox.height);
      const add = (await page.getByRole('button', { name: 'SELECT SIZE' }).boundingBox())!;
      expect(add.y + add.height).toBeLessThanOrEqual(viewport.height);
      await shoot(page, 'size-guide-link');

      await link.click();
      const dialog = page.getByRole('dialog', { name: 'Size guide: Guided Raven Tee' });
      await dialog.waitFor();
      expect(await dialog.locator('.size-guide__text').innerText()).toBe(GUIDE);
      await shoot(page, 'size-guide-open');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    });
  }

  it('is not offered for a product without one', async () => {
    const page = suite.page();
    await openHoodie(page);
    await page.getByRole('group', { name: 'Size' }).waitFor();
    expect(await page.getByRole('button', { name: 'Size guide' }).count()).toBe(0);
  });
});

describe('the quantity on the product page', () => {
  const NAME = 'Counted Raven Tee';
  let tee: { id: number; m: string };
  let admin: AdminClient;
  beforeEach(async () => {
    // A product of its own per test: each starts with 5 of size M and an empty cart.
    admin = await AdminClient.signIn(suite.app().baseUrl);
    const created = await admin.post('/api/admin/products', {
      name: NAME,
      description: 'A tee counted out, for a test',
      category: 'apparel',
      price: '30.00',
      images: ['/images/products/raven.svg'],
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: ['S', 'M'].map((size) => ({ options: { Size: size }, price: '30.00', stockQuantity: 5 })),
    });
    expect(created.status).toBe(201);
    const body = created.body as { id: number; variants: { id: string; name: string }[] };
    tee = { id: body.id, m: body.variants.find((v) => v.name === 'M')!.id };
  });

  const quantity = (page: Page) => page.getByRole('spinbutton', { name: 'Quantity' });
  const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
  async function openM(page: Page): Promise<void> {
    await page.goto(`${suite.app().baseUrl}/product/${tee.id}?variant=${tee.m}`);
    await page.getByRole('heading', { name: NAME }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
  }

  it('adds as many as the stepper says: 3, and the cart holds 3', async () => {
    const page = suite.page();
    await page.setViewportSize(PHONE);
    await openM(page);
    const plus = page.getByRole('button', { name: 'Increase quantity' });
    await plus.click();
    await plus.click();
    expect(await quantity(page).inputValue()).toBe('3');
    await shoot(page, 'product-quantity-3');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await toast(page, `3 × ${NAME} — M have been added to your cart.`).waitFor();
    await page.getByText('3 in your cart').waitFor();

    // The server's cart holds one line of 3.
    const sessionId = await page.evaluate(() => localStorage.getItem('cartSessionId'));
    const cart = (await suite.app().http.get(`/api/cart/${sessionId}`).expect(200)).body;
    expect(cart.items.map((i: { variantId: string; quantity: number }) => [i.variantId, i.quantity])).toEqual([[tee.m, 3]]);
  });

  it('cannot go below 1 or above what is left to add, by the buttons or by typing', async () => {
    const page = suite.page();
    await page.setViewportSize(DESKTOP);
    await openM(page);
    const minus = page.getByRole('button', { name: 'Decrease quantity' });
    const plus = page.getByRole('button', { name: 'Increase quantity' });
    expect(await quantity(page).inputValue()).toBe('1');
    expect(await minus.getAttribute('aria-disabled')).toBe('true');
    // force: a click on an aria-disabled button still reaches it, and changes nothing.
    await minus.click({ force: true });
    expect(await quantity(page).inputValue()).toBe('1');

    await quantity(page).fill('0');
    await quantity(page).press('Enter');
    expect(await quantity(page).inputValue()).toBe('1');
    await quantity(page).fill('999');
    await quantity(page).blur();
    expect(await quantity(page).inputValue()).toBe('5');
    expect(await plus.getAttribute('aria-disabled')).toBe('true');
    await plus.click({ force: true });
    expect(await quantity(page).inputValue()).toBe('5');
    await shoot(page, 'product-quantity-max');

    // With 3 in the cart, 2 are left to add: the field comes down to 2 and goes no higher.
    await quantity(page).fill('3');
    await quantity(page).press('Enter');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await toast(page, `3 × ${NAME} — M have been added to your cart.`).waitFor();
    await page.getByText('3 in your cart').waitFor();
    expect(await quantity(page).inputValue()).toBe('2');
    await plus.click({ force: true });
    expect(await quantity(page).inputValue()).toBe('2');
    expect(await plus.getAttribute('aria-disabled')).toBe('true');
  });

  it('shows the server’s refusal when fewer are left than the page knew', async () => {
    const page = suite.page();
    await page.setViewportSize(PHONE);
    await openM(page);
    await quantity(page).fill('4');
    await quantity(page).press('Enter');
    // The studio sells some elsewhere while the page is open: 2 left, the page still says 5.
    expect((await admin.put(`/api/admin/products/${tee.id}/variants/${tee.m}/stock`, { stockQuantity: 2 })).status).toBe(200);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const refusal = toast(page, /Only 2 of .+ left\./);
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Failed to add item to cart. Please try again.');
    await shoot(page, 'product-quantity-refused');
    expect(await page.getByText(/in your cart/).count()).toBe(0);
  });
});
