import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { startWidgetDemo, type WidgetDemo } from '../../src/site';
import { AdminClient } from '../support/admin-client';
import { browserSuite } from '../support/browser';
import { picturesCopied } from '../support/square-pictures';
import { freePort } from '../support/free-port';

/** A port nothing listens on now: the listed demo's origin must be known before the shop starts. */
let listedPort: number;
let plainPort: number;
beforeAll(async () => {
  listedPort = await freePort();
  plainPort = await freePort();
});

const suite = browserSuite(() => ({ WIDGET_ORIGINS: `http://localhost:${listedPort},http://127.0.0.1:${plainPort}`, NEWSLETTER_RATE_LIMIT_MAX: '50' }));

/** Listed host pages of the test's own, with no policy: path to body. */
const plainPages = new Map<string, string>();
let plainHost: Server;
beforeAll(async () => {
  plainHost = createHttpServer((req, res) => {
    const body = plainPages.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html' }).end(body ?? '');
  });
  await new Promise<void>((done) => plainHost.listen(plainPort, '127.0.0.1', done));
});
afterAll(() => new Promise((done) => plainHost?.close(done)));

// The demo host page, on the listed origin and on one the shop does not list.
let listed: WidgetDemo;
let unlisted: WidgetDemo;
beforeAll(async () => {
  const shop = suite.app().baseUrl;
  listed = await startWidgetDemo({ port: listedPort, host: 'localhost', shop });
  unlisted = await startWidgetDemo({ port: 0, host: '127.0.0.1', shop });
});
afterAll(async () => {
  await listed?.close();
  await unlisted?.close();
});

/** The element inside the shadow roots that has the focus: its label or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active ? (active.getAttribute('aria-label') ?? active.textContent ?? '').trim() : '';
  });

/** Presses `key` until the focused element's label or text matches (a keyboard user's way there). */
async function pressUntilFocused(page: Page, key: 'Tab' | 'Shift+Tab', label: RegExp): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (label.test(await focused(page))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${label}; focus is on "${await focused(page)}"`);
}

/** Opens the listed demo page; any console error there (a refused call, a failed load) fails the test. */
async function openDemo(page: Page): Promise<void> {
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await page.goto(listed.url);
  await page.locator('dc-product-grid [data-testid="product-card"]').first().waitFor();
}

/** A plain partner page: a long article, the grid, and `cart` (by default `<dc-cart>` in its header). */
function plainHost360(cart = '<dc-cart></dc-cart>'): string {
  const shop = suite.app().baseUrl;
  const words = '<p>Words of the partner page, long enough to scroll.</p>'.repeat(80);
  return `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner</title><script type="module" src="${shop}/widgets/dc-widgets.js"></script></head><body><header>${cart}</header><main><dc-product-grid limit="2"></dc-product-grid>${words}</main></body></html>`;
}

let consoleErrors: string[] = [];
beforeEach(() => {
  consoleErrors = [];
});
afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

describe('the embeddable widgets on another site', () => {
  it('defines the three elements with open shadow roots, untouched by the host CSS, adding nothing to its head', async () => {
    const page = suite.page();
    await openDemo(page);
    await page.locator('dc-cart button[aria-label="Open cart"]').waitFor();
    await page.locator('dc-newsletter [data-testid="newsletter-card"]').waitFor();

    const look = await page.evaluate(() => {
      const shadow = (tag: string) => document.querySelector(tag)!.shadowRoot!;
      const grid = shadow('dc-product-grid');
      const style = (el: Element) => getComputedStyle(el);
      const root = style(grid.querySelector('.dc-root')!);
      const button = style(grid.querySelector('[data-testid="product-card"] button')!);
      return {
        defined: ['dc-product-grid', 'dc-cart', 'dc-newsletter'].map((t) => customElements.get(t) !== undefined),
        open: ['dc-product-grid', 'dc-cart', 'dc-newsletter'].map((t) => document.querySelector(t)!.shadowRoot?.mode),
        sheets: ['dc-product-grid', 'dc-cart', 'dc-newsletter'].map((t) => document.querySelector(t)!.shadowRoot!.adoptedStyleSheets.length > 0),
        root: { font: root.fontFamily, size: root.fontSize, spacing: root.letterSpacing, transform: root.textTransform, color: root.color, lineHeight: root.lineHeight },
        button: { background: button.backgroundColor, border: button.borderStyle, color: button.color },
        imageWidth: grid.querySelector('img')!.getBoundingClientRect().width,
        cards: grid.querySelectorAll('[data-testid="product-card"]').length,
        badges: [...grid.querySelectorAll('[data-testid="product-card"] .badge')].map((b) => b.textContent),
        head: [...document.head.children].map((e) => e.tagName),
        documentSheets: document.styleSheets.length + document.adoptedStyleSheets.length,
      };
    });
    expect(look.defined).toEqual([true, true, true]);
    expect(look.open).toEqual(['open', 'open', 'open']);
    expect(look.sheets).toEqual([true, true, true]);
    // The host sets Comic Sans on everything, 22px rem, letter spacing, capitals, green text, pink dashed buttons.
    expect(look.root.font).toMatch(/^"EB Garamond"/);
    expect(look.root).toMatchObject({ size: '18px', spacing: 'normal', transform: 'none', color: 'rgb(237, 231, 219)' });
    expect(look.button.background).not.toBe('rgb(255, 0, 170)');
    expect(look.button.border).not.toBe('dashed');
    expect(look.imageWidth).toBeGreaterThan(10);
    // category="patches" limit="4"
    expect(look.cards).toBeGreaterThan(0);
    expect(look.cards).toBeLessThanOrEqual(4);
    // The host's own head, as served: a charset and two metas, the title, its icon and stylesheet, two scripts.
    expect(look.head).toEqual(['META', 'META', 'META', 'TITLE', 'LINK', 'LINK', 'SCRIPT', 'SCRIPT']);
    expect(look.documentSheets).toBe(1);
  });

  it('an add from the grid updates <dc-cart> at once and tells the host page', async () => {
    const page = suite.page();
    await openDemo(page);
    await page.evaluate(() => {
      const seen: { type: string; detail: unknown; composed: boolean }[] = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      for (const type of ['dc-added-to-cart', 'dc-cart-updated']) document.addEventListener(type, (e) => seen.push({ type, detail: (e as CustomEvent).detail, composed: e.composed }));
    });
    const card = page.locator('dc-product-grid [data-testid="product-card"]').first();
    const name = (await card.locator('h3').textContent())!.trim();
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await page.locator('dc-cart [data-testid="cart-count"]').filter({ hasText: '1' }).waitFor();
    await page.locator('dc-product-grid').getByText('Added to Cart').waitFor();
    await page.locator('#host-log').filter({ hasText: 'in cart' }).waitFor();

    const seen = await page.evaluate(
      () => (window as unknown as { seen: { type: string; detail: { itemCount: number; quantity?: number; product?: { name: string } }; composed: boolean }[] }).seen,
    );
    const added = seen.find((e) => e.type === 'dc-added-to-cart')!;
    expect(added).toMatchObject({ composed: true, detail: { quantity: 1, itemCount: 1, product: { name } } });
    expect(seen.find((e) => e.type === 'dc-cart-updated')).toMatchObject({ composed: true, detail: { itemCount: 1 } });
    // The session id lives in the host page's storage, under the shop's key.
    expect(await page.evaluate(() => localStorage.getItem('cartSessionId'))).toMatch(/^session_\d+_[a-z0-9]{16}$/);

    // A second cart, added later, shares the same cart.
    await page.evaluate(() => document.querySelector('main')!.append(Object.assign(document.createElement('dc-cart'), { id: 'late' })));
    await page.locator('#late [data-testid="cart-count"]').filter({ hasText: '1' }).waitFor();
    // Moved elsewhere in the page, it is drawn again with the same cart.
    await page.evaluate(() => document.querySelector('.host-header')!.prepend(document.getElementById('late')!));
    await page.locator('.host-header > #late [data-testid="cart-count"]').filter({ hasText: '1' }).waitFor();
  });

  it('works from the keyboard alone, and its Checkout shows the same cart on the main site in a fresh profile', async () => {
    const page = suite.page();
    await openDemo(page);
    await page.locator('body').focus();
    await pressUntilFocused(page, 'Tab', /^Add to Cart$/);
    await page.keyboard.press('Enter');
    await page.locator('dc-cart [data-testid="cart-count"]').filter({ hasText: '1' }).waitFor();

    await pressUntilFocused(page, 'Shift+Tab', /^Open cart/);
    await page.keyboard.press('Enter');
    const drawer = page.locator('dc-cart dialog[open]');
    await drawer.waitFor();
    await drawer.getByTestId('item-quantity').filter({ hasText: '1' }).waitFor();
    await pressUntilFocused(page, 'Tab', /^Increase quantity of /);
    await page.keyboard.press('Enter');
    await drawer.getByTestId('item-quantity').filter({ hasText: '2' }).waitFor();
    await page.locator('dc-cart [data-testid="cart-count"]').filter({ hasText: '2' }).waitFor();
    await pressUntilFocused(page, 'Tab', /^Checkout$/);
    const href = await drawer.getByRole('link', { name: 'Checkout' }).getAttribute('href');
    const sessionId = await page.evaluate(() => localStorage.getItem('cartSessionId'));
    // A short-lived token the shop signed, never the session id that reads the cart.
    expect(href).toMatch(new RegExp(`^${suite.app().baseUrl}/cart\\?handover=[^&]+$`));
    expect(href).not.toContain(sessionId);

    // Escape closes the drawer and gives the focus back to the cart button.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('Open cart, 2 items');

    // Checkout in a browser that has never seen the shop: the main site adopts the cart.
    const fresh = await page.context().browser()!.newContext();
    try {
      const shopPage = await fresh.newPage();
      await shopPage.goto(href!);
      await shopPage.getByRole('heading', { name: 'Your Items (2)' }).waitFor();
      expect(await shopPage.evaluate(() => localStorage.getItem('cartSessionId'))).toBe(sessionId);
      expect(new URL(shopPage.url()).search).toBe('');
    } finally {
      await fresh.close();
    }
  });

  it('takes no cart from a raw session id in the address: only a signed hand-over link hands a cart over', async () => {
    const page = suite.page();
    const theirs = `session_${Date.now()}_someoneelses0000`;
    const cart = await suite.app().http.post('/api/cart').send({ sessionId: theirs }).expect(201);
    await suite.app().http.post(`/api/cart/${cart.body.id}/items`).send({ productId: 2, quantity: 1 }).expect(200);
    await page.goto(`${suite.app().baseUrl}/cart?cart=${theirs}`);
    await page.getByRole('heading', { name: 'Your Cart is Empty' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cartSessionId'))).toBeNull();
  });

  it('removes an item from the drawer with its toast', async () => {
    const page = suite.page();
    await openDemo(page);
    await page.locator('dc-product-grid [data-testid="product-card"]').first().getByRole('button', { name: 'Add to Cart' }).click();
    await page.locator('dc-cart [data-testid="cart-count"]').filter({ hasText: '1' }).waitFor();
    await page.locator('dc-cart').getByRole('button', { name: 'Open cart' }).click();
    await page
      .locator('dc-cart dialog[open]')
      .getByRole('button', { name: /^Remove / })
      .click();
    await page.locator('dc-cart dialog[open]').getByText('Item has been removed from your cart.').waitFor();
    await page.locator('dc-cart dialog[open]').getByText('Your Cart is Empty').waitFor();
    expect(await page.locator('dc-cart [data-testid="cart-count"]').count()).toBe(0);
  });

  it("shows its toasts in the shop's type, inside the shadow root and the phone's screen", async () => {
    const page = suite.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await openDemo(page);
    await page.locator('dc-product-grid [data-testid="product-card"]').first().getByRole('button', { name: 'Add to Cart' }).click();
    const toast = page.locator('dc-product-grid .toast');
    await toast.getByText(/has been added to your cart\./).waitFor();
    await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished))); // it slides in from the right
    const look = await page.evaluate(() => {
      const toast = document.querySelector('dc-product-grid')!.shadowRoot!.querySelector('.toast')!;
      const style = getComputedStyle(toast.querySelector('.toast__description')!);
      const box = toast.getBoundingClientRect();
      return {
        inRoot: toast.closest('.dc-root') !== null,
        font: style.fontFamily,
        spacing: style.letterSpacing,
        transform: style.textTransform,
        left: box.left,
        right: box.right,
        scrollWidth: document.documentElement.scrollWidth,
      };
    });
    // The host sets Comic Sans, letter spacing and capitals on everything: none of it reaches the toast.
    expect(look.inRoot).toBe(true);
    expect(look.font).toMatch(/^"EB Garamond"/);
    expect(look).toMatchObject({ spacing: 'normal', transform: 'none' });
    expect(look.left).toBeGreaterThanOrEqual(0);
    expect(look.right).toBeLessThanOrEqual(390);
  });

  it('never scrolls a 360 px phone sideways with a toast showing, on the demo page or a plain host page', async () => {
    const page = suite.page();
    await page.setViewportSize({ width: 360, height: 780 });
    plainPages.set('/phone', plainHost360());
    const widths: Record<string, number> = {};
    for (const [name, url] of [
      ['demo', listed.url],
      ['plain', `http://127.0.0.1:${plainPort}/phone`],
    ]) {
      await page.goto(url);
      await page.locator('dc-product-grid [data-testid="product-card"]').first().getByRole('button', { name: 'Add to Cart' }).click();
      const toast = page.locator('dc-product-grid .toast');
      await toast.getByText(/has been added to your cart\./).waitFor();
      // Measured while it slides in too: the part still off the screen must not widen the page.
      widths[`${name} sliding`] = await page.evaluate(() => document.documentElement.scrollWidth);
      await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      widths[name] = await page.evaluate(() => document.documentElement.scrollWidth);
    }
    expect(widths).toEqual({ 'demo sliding': 360, demo: 360, 'plain sliding': 360, plain: 360 });
  });

  it('places the cart button in a corner of the screen with position="fixed", where scrolling never moves it', async () => {
    const page = suite.page();
    await page.setViewportSize({ width: 390, height: 844 });
    plainPages.set('/fixed', plainHost360('<dc-cart position="fixed"></dc-cart>'));
    await page.goto(`http://127.0.0.1:${plainPort}/fixed`);
    const button = page.locator('dc-cart').getByRole('button', { name: /^Open cart/ });
    await button.waitFor();
    const before = await button.boundingBox();
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 1000);
    const after = await button.boundingBox();
    expect(before).toEqual(after);
    // Bottom right, clear of the edges and of the phone's home bar.
    expect(844 - (before!.y + before!.height)).toBeGreaterThanOrEqual(16);
    expect(390 - (before!.x + before!.width)).toBeGreaterThanOrEqual(16);
    expect(before!.x).toBeGreaterThan(390 / 2);
    // It still opens the drawer.
    await button.click();
    await page.locator('dc-cart dialog[open]').getByText('Your Cart is Empty').waitFor();
  });

  it('subscribes from the newsletter card and flips it', async () => {
    const page = suite.page();
    await openDemo(page);
    const card = page.locator('dc-newsletter [data-testid="newsletter-card"]');
    await card.getByLabel('Email address').fill('raven@example.com');
    await card.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('dc-newsletter').getByText('Welcome to the Dark Circle!').waitFor();
    await page.locator('dc-newsletter [data-testid="newsletter-card"][data-flipped="true"]').waitFor();
    await card.getByText('DARKCIRCLE10').first().waitFor();
  });

  it('has no serious or critical accessibility issue inside the shadow roots, drawer open', async () => {
    const page = suite.page();
    await openDemo(page);
    await page.locator('dc-newsletter [data-testid="newsletter-card"]').waitFor();
    await page.locator('dc-product-grid [data-testid="product-card"]').first().getByRole('button', { name: 'Add to Cart' }).click();
    await page.locator('dc-cart [data-testid="cart-count"]').waitFor();
    await page.locator('dc-cart').getByRole('button', { name: 'Open cart' }).click();
    await page.locator('dc-cart dialog[open] [data-testid="item-quantity"]').waitFor();
    // Evaluated through the DevTools protocol, which the host's policy does not govern.
    await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
    const issues = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }> } }).axe;
      const result = await axe.run({ include: [['dc-product-grid'], ['dc-cart'], ['dc-newsletter']] }, { resultTypes: ['violations'] });
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
    });
    expect(issues).toEqual([]);
  });

  it('loads only the code of the elements a page has, and calls the shop its api-base names', async () => {
    const page = suite.page();
    const shop = new URL(suite.app().baseUrl);
    // The same shop under its other name: another origin, so the calls show which one is used.
    const otherName = `http://localhost:${shop.port}`;
    const host = (body: string) =>
      `<!doctype html><html lang="en"><head><title>Host</title><script type="module" src="${shop.origin}/widgets/dc-widgets.js"></script></head><body>${body}</body></html>`;
    plainPages.set('/newsletter', host('<dc-newsletter></dc-newsletter>'));
    plainPages.set('/grids', host(`<dc-product-grid api-base="${otherName}" limit="2"></dc-product-grid><dc-product-grid id="none" category="no-such-category"></dc-product-grid>`));
    const plain = `http://127.0.0.1:${plainPort}`;
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));

    await page.goto(`${plain}/newsletter`);
    await page.locator('dc-newsletter [data-testid="newsletter-card"]').waitFor();
    expect(requested.some((u) => /\/chunks\/NewsletterElement-/.test(u))).toBe(true);
    expect(requested.filter((u) => /\/chunks\/(ProductGridElement|CartElement)-/.test(u))).toEqual([]);

    requested.length = 0;
    await page.goto(`${plain}/grids`);
    await page.locator('dc-product-grid >> nth=0 >> [data-testid="product-card"]').first().waitFor();
    await page.locator('#none').getByText('No Products Found').waitFor();
    expect(await page.locator('dc-product-grid >> nth=0 >> [data-testid="product-card"]').count()).toBe(2);
    expect(requested).toContain(`${otherName}/api/products`);
    expect(requested.some((u) => /\/chunks\/(NewsletterElement|CartElement)-/.test(u))).toBe(false);
  });

  it("shows the grid's pictures after a Square sync from the shop's own origin, sized for a card, on a page that allows only the shop in img-src", async () => {
    const shop = suite.app();
    // The demo products follow the emulator's items once synced; their pictures become the shop's copies of Square's.
    const admin = await AdminClient.signIn(shop.baseUrl);
    expect((await admin.post('/api/admin/sync-square')).status).toBe(200);
    await picturesCopied(shop);
    expect(((await shop.http.get('/api/products').expect(200)).body as { imageUrl: string }[]).every((p) => p.imageUrl.startsWith('/uploads/'))).toBe(true);

    const page = suite.page();
    await openDemo(page);
    const cards = page.locator('dc-product-grid [data-testid="product-card"] img');
    expect(await cards.count()).toBeGreaterThan(0);
    for (let i = 0; i < (await cards.count()); i++) {
      const img = cards.nth(i);
      await img.scrollIntoViewIfNeeded();
      await img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0) || new Promise((done) => el.addEventListener('load', done, { once: true })));
      const shown = await img.evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, broken: !el.complete || el.naturalWidth === 0 }));
      // A card is drawn about 300 px wide: the 400 px rendition, from the shop (the page's policy allows nothing else).
      expect(shown).toEqual({ src: expect.stringMatching(new RegExp(`^${shop.baseUrl}/uploads/[0-9a-f]{24}-400\\.webp$`)), broken: false });
    }
  }, 120_000);

  it('is refused on an origin the shop does not list', async () => {
    const page = suite.page();
    const refusal = page.waitForEvent('console', { predicate: (m) => m.type() === 'error' && /CORS/.test(m.text()), timeout: 30_000 });
    await page.goto(unlisted.url);
    await refusal;
    expect(await page.evaluate(() => customElements.get('dc-cart'))).toBeUndefined();
    const api = await page.evaluate(
      (shop) =>
        fetch(`${shop}/api/products`).then(
          () => 'answered',
          () => 'refused',
        ),
      suite.app().baseUrl,
    );
    expect(api).toBe('refused');
  });
});

describe('the widget files and routes over HTTP', () => {
  it('echoes only a listed origin, answers preflights, and caches the bundle for revalidation and its chunks for a year', async () => {
    const t = suite.app();
    const origin = `http://localhost:${listedPort}`;
    const script = await t.http.get('/widgets/dc-widgets.js').set('Origin', origin).set('Accept-Encoding', 'gzip');
    expect(script.status).toBe(200);
    expect(script.headers['access-control-allow-origin']).toBe(origin);
    expect(script.headers['access-control-allow-credentials']).toBeUndefined();
    expect(script.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(script.headers.etag).toBeTruthy();
    expect(script.headers.vary).toMatch(/Origin/);
    const again = await t.http.get('/widgets/dc-widgets.js').set('If-None-Match', script.headers.etag);
    expect(again.status).toBe(304);

    const chunk = /"\.\/(chunks\/runtime-[\w-]+\.js)"/.exec(script.text)?.[1];
    expect(chunk).toBeDefined();
    const chunkAnswer = await t.http.get(`/widgets/${chunk}`).set('Origin', origin);
    expect(chunkAnswer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunkAnswer.headers['access-control-allow-origin']).toBe(origin);

    const preflight = await t.http.options('/api/cart/items/abc').set('Origin', origin).set('Access-Control-Request-Method', 'PATCH').set('Access-Control-Request-Headers', 'content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toMatch(/PATCH/);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Content-Type/i);

    const products = await t.http.get('/api/products').set('Origin', origin);
    expect(products.headers['access-control-allow-origin']).toBe(origin);

    for (const path of ['/widgets/dc-widgets.js', '/api/products']) {
      const other = await t.http.get(path).set('Origin', 'https://elsewhere.example');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    }
    // Only the routes the widgets call: the admin's API is not opened to listed origins.
    const admin = await t.http.get('/api/admin/orders').set('Origin', origin);
    expect(admin.headers['access-control-allow-origin']).toBeUndefined();
  });
});
