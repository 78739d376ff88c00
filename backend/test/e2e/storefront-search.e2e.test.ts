import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser';
import { shoot } from '../support/page-shots';

/**
 * The search in the storefront's header (a field on a desktop, a button that opens it on a phone)
 * with results as the shopper types, the results page at /search?q=, and the category pages at
 * /shop/<slug>, each with its own title. On the demo catalogue.
 */
const suite = browserSuite();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Console errors and warnings: a hydration mismatch is logged as one. */
function consoleProblems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.push(`${m.type()}: ${m.text()}`);
  });
  return seen;
}

const field = (page: Page) => page.getByRole('searchbox', { name: 'Search the shop' }).first();
/** The header's field whether shown or not (a role query finds only what is shown). */
const headerField = (page: Page) => page.locator('.site-header input[type="search"]');
/** The screen as the shopper sees it (only when SCREENSHOT_DIR is set); shoot() resizes the page, which closes the phone's panel. */
async function snap(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-${page.viewportSize()!.width}.png` });
}
const results = (page: Page) => page.getByRole('list', { name: 'Search results' }).first();

describe('the header search on a desktop', () => {
  it('shows results as the shopper types, forgiving the typo, and the arrow keys go through them', async () => {
    const page = suite.page();
    await page.setViewportSize(DESKTOP);
    await page.goto(suite.app().baseUrl);
    await expect(headerField(page).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Search', exact: true }).isVisible()).resolves.toBe(false);

    await field(page).click();
    await field(page).pressSequentially('ravn hodie', { delay: 30 });
    const first = results(page).getByRole('link').first();
    await first.filter({ hasText: 'Raven Embroidered Hoodie' }).waitFor();
    await expect(
      results(page)
        .getByRole('link', { name: /Coven Zip Hoodie/ })
        .count(),
    ).resolves.toBe(1);
    await page.getByRole('status').filter({ hasText: 'for “ravn hodie”' }).waitFor();
    await snap(page, 'search-header-results');

    await page.keyboard.press('ArrowDown');
    await expect(first.evaluate((a) => a === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Raven Embroidered Hoodie', level: 1 }).waitFor();
    // The navigation closed the results.
    await expect(results(page).count()).resolves.toBe(0);
  });

  it('goes to the results page on Enter, whose title names the words; Escape closes the results', async () => {
    const page = suite.page();
    await page.setViewportSize(DESKTOP);
    await page.goto(suite.app().baseUrl);
    await field(page).fill('patch');
    await results(page).waitFor();
    await page.keyboard.press('Escape');
    await expect(results(page).count()).resolves.toBe(0);
    await field(page).press('Enter');
    await page.waitForURL(/\/search\?q=patch$/);
    await page.getByRole('heading', { name: 'Search', level: 1 }).waitFor();
    await page.getByText(/\d+ pieces for “patch”/).waitFor();
    await expect(page.title()).resolves.toBe('Search results for “patch” — The Dark Circle');
    const names = await page.getByRole('list', { name: 'Search results' }).getByRole('heading').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect(names.every((name) => /patch/i.test(name))).toBe(true);
  });
});

describe('the header search on a phone', () => {
  it('is a button that opens the field under the header, across the screen; Escape closes it and gives the focus back', async () => {
    const page = suite.page();
    await page.setViewportSize(PHONE);
    await page.goto(suite.app().baseUrl);
    await expect(headerField(page).isVisible()).resolves.toBe(false);
    const button = page.getByRole('button', { name: 'Search', exact: true });
    await button.click();
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(field(page).evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    const box = (await field(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.width).toBeGreaterThan(PHONE.width * 0.8);

    await field(page).pressSequentially('skul', { delay: 30 });
    await results(page)
      .getByRole('link', { name: /Skull Iron-On Patch/ })
      .waitFor();
    const result = (await results(page).getByRole('link').first().boundingBox())!;
    expect(result.x + result.width).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'search-phone-open');

    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(headerField(page).isVisible()).resolves.toBe(false);
    await expect(button.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it('leads to every result from "See all results"', async () => {
    const page = suite.page();
    await page.setViewportSize(PHONE);
    await page.goto(suite.app().baseUrl);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await field(page).fill('hoodie');
    await page.getByRole('link', { name: 'See all results' }).click();
    await page.waitForURL(/\/search\?q=hoodie$/);
    await page.getByRole('list', { name: 'Search results' }).getByRole('heading', { name: 'Raven Embroidered Hoodie' }).waitFor();
    await expect(headerField(page).isVisible()).resolves.toBe(false);
  });
});

describe('the results page', () => {
  it("is drawn before scripts with its own title, and hydrates without a mismatch to the address's words", async () => {
    const html = await (await fetch(`${suite.app().baseUrl}/search?q=raven`)).text();
    expect(html).toContain('<title>Search — The Dark Circle</title>');
    const page = suite.page();
    const problems = consoleProblems(page);
    await page.setViewportSize(PHONE);
    await page.goto(`${suite.app().baseUrl}/search?q=ravn`);
    await page.getByRole('list', { name: 'Search results' }).getByRole('heading', { name: 'Raven Embroidered Hoodie' }).waitFor();
    await expect(page.title()).resolves.toBe('Search results for “ravn” — The Dark Circle');
    await expect(page.getByRole('searchbox', { name: 'Search the shop' }).last().inputValue()).resolves.toBe('ravn');
    await shoot(page, 'search-results-page');
    await page.goto(`${suite.app().baseUrl}/search?q=${encodeURIComponent("'; drop table products; -- .*")}`);
    await page.getByText(/^Nothing matches/).waitFor();
    expect(problems).toEqual([]);
  });
});

describe('a category page', () => {
  it('has a URL and a title of its own in the HTML, shows that category, and hydrates without a mismatch', async () => {
    const res = await fetch(`${suite.app().baseUrl}/shop/patches`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Patches — The Dark Circle</title>');

    const page = suite.page();
    const problems = consoleProblems(page);
    await page.goto(`${suite.app().baseUrl}/shop/patches`);
    await page.getByRole('heading', { name: 'Patches', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Patches' }).getByRole('heading').first().waitFor();
    await expect(page.title()).resolves.toBe('Patches — The Dark Circle');
    const names = await page.getByRole('list', { name: 'Patches' }).getByRole('heading').allTextContents();
    expect(names).toEqual(expect.arrayContaining(['Skull Iron-On Patch', 'Crescent Moon Patch']));
    await shoot(page, 'category-patches');

    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Clothing' }).click();
    await page.waitForURL(/\/shop\/apparel$/);
    await expect(page.title()).resolves.toBe('Clothing — The Dark Circle');
    expect(problems).toEqual([]);
  });

  it('answers 404 for a category that does not exist', async () => {
    const res = await fetch(`${suite.app().baseUrl}/shop/not-a-category`);
    expect(res.status).toBe(404);
    const page = suite.page();
    await page.goto(`${suite.app().baseUrl}/shop/not-a-category`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  });
});
