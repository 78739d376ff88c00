import { browserSuite, watchCspViolations } from '../support/browser';

const suite = browserSuite();

describe('the Content-Security-Policy in a real browser', () => {
  it('lets the storefront render every page and the cart with its card form, with no violation', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(`${t.baseUrl}/`);
    await page.getByTestId('product-card').first().waitFor();
    await page.goto(`${t.baseUrl}/fonts`);
    await page.getByTestId('font-option').first().waitFor();
    await page.goto(`${t.baseUrl}/product/2`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('has been added to your cart.').waitFor();
    // The cart page loads the card script from Square's (here the emulator's) origin.
    await page.goto(`${t.baseUrl}/cart`);
    await page.getByText('Bat Wing Crop Tee').first().waitFor();
    await page
      .getByText(/Complete Order|Load Payment Form/)
      .first()
      .waitFor();
    // The suite's afterEach fails the test on any violation reported meanwhile.
  });

  it('blocks an injected inline script and reports it, so a silent policy cannot pass the check above', async () => {
    const [t, page] = [suite.app(), suite.page()];
    // Another page, so that the suite's own watch on `page` stays clean.
    const other = await page.context().browser()!.newPage();
    const violations: string[] = [];
    await watchCspViolations(other, (v) => violations.push(v));
    await other.goto(`${t.baseUrl}/`);
    await other.getByTestId('product-card').first().waitFor();
    const reported = other.waitForEvent('console', { predicate: (m) => /Content Security Policy/i.test(m.text()), timeout: 30_000 });
    await other.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    expect((await reported).text()).toMatch(/script-src/);
    expect(violations.length).toBeGreaterThan(0);
    expect(await other.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    await other.close();
  });
});
