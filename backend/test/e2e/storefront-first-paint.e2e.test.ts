import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser';

// The storefront's first paint: the build prerenders the first render of its main pages
// (widgets/prerender.ts), the server picks the file by path, and the browser hydrates it.

const suite = browserSuite();

/** The HTML the server sends for a path, as a browser that runs no script would see it. */
async function served(path: string): Promise<{ status: number; link: string | null; html: string; root: string }> {
  const res = await fetch(`${suite.app().baseUrl}${path}`);
  const html = await res.text();
  const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  return { status: res.status, link: res.headers.get('link'), html, root };
}

/** Console errors and warnings (a hydration mismatch is logged as an error) and the requests made. */
function watch(page: Page): { console: string[]; requests: string[] } {
  const seen = { console: [] as string[], requests: [] as string[] };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.console.push(`${m.type()}: ${m.text()}`);
  });
  page.on('request', (r) => seen.requests.push(new URL(r.url()).pathname));
  return seen;
}

describe('the storefront as served, before any script runs', () => {
  it('draws the home page: header, hero and the shop skeletons, with the catalogue preloaded', async () => {
    const page = await served('/');
    expect(page.status).toBe(200);
    expect(page.root).toContain('<h1 id="hero-title" class="hero__title">The Dark Circle</h1>');
    expect(page.root).toContain('Loading products…');
    expect(page.link).toBe('</api/products>; rel=preload; as=fetch; crossorigin=use-credentials');
  });

  it('draws a product page as loading, preloading that product; the cart as loading, never as empty', async () => {
    const product = await served('/product/1');
    expect(product.root).toContain('data-testid="product-skeleton"');
    expect(product.link).toBe('</api/products/1>; rel=preload; as=fetch; crossorigin=use-credentials');
    // The route's chunk is asked for with the page, not once the entry script has run.
    expect(product.html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/ProductPage-[\w-]+\.js">/);

    const cart = await served('/cart');
    expect(cart.root).toContain('Loading cart...');
    expect(cart.root).not.toContain('Your Cart is Empty');
    expect(cart.html).toContain('<title>Cart — The Dark Circle</title>');
    expect(cart.link).toBeNull();

    const fonts = await served('/fonts');
    expect(fonts.root.match(/data-testid="font-option"/g)).toHaveLength(18);
    expect(fonts.html).toMatch(/<link rel="preload" as="style" crossorigin href="\/assets\/FontsPage-[\w-]+\.css">/);
  });

  it('sends the empty shell for paths it did not draw ahead: an unreadable product id, an unknown path', async () => {
    for (const path of ['/product/abc', '/product/0', '/order-confirmation', '/no/such/page']) {
      const page = await served(path);
      expect([path, page.root]).toEqual([path, '']);
      expect(page.link).toBeNull();
    }
    expect((await served('/no/such/page')).status).toBe(404);
  });
});

describe('the prerendered pages in a real browser', () => {
  it('hydrates each page without a mismatch, and the page works', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const seen = watch(page);
    for (const path of ['/', '/product/1', '/cart', '/fonts', '/privacy']) {
      await page.goto(`${t.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }
    // The cart, reached by the hydrated page's own link.
    await page.goto(`${t.baseUrl}/cart`);
    await page.getByRole('heading', { name: 'Your Cart is Empty' }).waitFor();
    await page.getByRole('link', { name: 'Continue Shopping' }).click();
    await page.getByTestId('product-card').first().waitFor();
    expect(seen.console).toEqual([]);
  });

  it('has one <title>, the page’s own, whether the page was prerendered or drawn from the shell', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const titles = () => page.evaluate(() => [...document.querySelectorAll('title')].map((e) => e.textContent));
    const expected: [string, string][] = [
      ['/', 'The Dark Circle — Gothic Embroidery'],
      ['/product/1', 'Raven Embroidered Hoodie — The Dark Circle'],
      ['/cart', 'Cart — The Dark Circle'],
      ['/order-confirmation', 'Order Not Found — The Dark Circle'],
      ['/no/such/page', 'Page not found — The Dark Circle'],
    ];
    for (const [path, title] of expected) {
      await page.goto(`${t.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      expect([path, await titles()]).toEqual([path, [title]]);
    }
    // And after moving between pages in the browser.
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.getByTestId('product-card').first().waitFor();
    expect(await titles()).toEqual(['The Dark Circle — Gothic Embroidery']);
  });

  it('loads on the home page only what it shows, and uses the preloaded catalogue', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const seen = watch(page);
    await page.goto(`${t.baseUrl}/`);
    await page.getByTestId('product-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(seen.requests.filter((p) => /\/assets\/\w+Page-/.test(p))).toEqual([]);
    // One request: the preload, which the grid's fetch took over (an unused one would be fetched twice).
    expect(seen.requests.filter((p) => p === '/api/products')).toHaveLength(1);
    expect(seen.console).toEqual([]);
  });

  it('shows a product page from its preloaded product, its image eager and first in line', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const seen = watch(page);
    await page.goto(`${t.baseUrl}/product/1`);
    const image = page.locator('.product-detail__image img');
    await image.waitFor();
    expect(await image.getAttribute('loading')).toBe('eager');
    expect(await image.getAttribute('fetchpriority')).toBe('high');
    await page.waitForLoadState('networkidle');
    expect(seen.requests.filter((p) => p === '/api/products/1')).toHaveLength(1);
    expect(seen.console).toEqual([]);
  });
});
