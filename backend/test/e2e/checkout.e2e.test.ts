import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser';

// The worker's relay runs, so the confirmation email is really sent through the queue.
const suite = browserSuite({ OUTBOX_RELAY_INTERVAL_MS: '200' });

async function addToCartAndOpenCheckout(page: Page, baseUrl: string, productId: number, name: string) {
  await page.goto(`${baseUrl}/product/${productId}`);
  await page.getByRole('heading', { name }).waitFor();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByText(`${name} has been added to your cart.`).waitFor();
  await page.goto(`${baseUrl}/cart`);
  await page.getByRole('heading', { name: /Your Items/ }).waitFor();
  await page.getByLabel('Name').fill('Mina Harker');
  await page.getByLabel('Email').fill('mina@example.com');
}

async function fillCard(page: Page, card: { number: string; expiry?: string; cvv?: string; postal?: string }) {
  const form = page.getByTestId('card-container');
  await form.getByLabel(/card number/i).fill(card.number);
  await form.getByLabel(/expiration/i).fill(card.expiry ?? '12/34');
  await form.getByLabel(/cvv/i).fill(card.cvv ?? '111');
  await form.getByLabel(/postal/i).fill(card.postal ?? '02139');
}

async function emailFor(dataDir: string, orderNumber: string, timeoutMs = 20_000): Promise<string> {
  const dir = join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const f of files) {
      const raw = await readFile(join(dir, f), 'utf8');
      if (raw.includes(orderNumber)) return raw;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no email for ${orderNumber} in ${dir}`);
}

describe('checkout in a real browser', () => {
  it('buys with the Visa test card, confirms the order, emails it and lowers the stock', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const before = (await t.http.get('/api/products/2').expect(200)).body.stockQuantity as number;
    await addToCartAndOpenCheckout(page, t.baseUrl, 2, 'Bat Wing Crop Tee');
    await fillCard(page, { number: '4111 1111 1111 1111' });

    await page.getByRole('button', { name: 'Complete Order - $32.00' }).click();

    await page.waitForURL(/\/order-confirmation\?order=/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    const orderNumber = await page.getByTestId('order-number').innerText();
    expect(orderNumber).toMatch(/^DC-\d+$/);
    await page.getByText('Bat Wing Crop Tee × 1').waitFor();
    expect(await page.getByTestId('receipt-total').innerText()).toBe('$32.00');

    const email = await emailFor(t.dataDir, orderNumber);
    expect(email).toContain('Bat Wing Crop Tee');
    expect(email).toContain('mina@example.com');

    await page.goto(`${t.baseUrl}/product/2`);
    await page.getByText(`${before - 1} available`).waitFor();

    // The confirmation without its order in the address goes to the order's own address (a browser
    // that paid for none finds 'Order Not Found': checkout-expectations.e2e.test.ts).
    await page.goto(`${t.baseUrl}/order-confirmation`);
    await page.waitForURL(/\/order-confirmation\?order=/);
    expect(await page.getByTestId('order-number').innerText()).toBe(orderNumber);
  });

  it('shows Payment Failed with the decline message for a declined card and keeps the cart', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await addToCartAndOpenCheckout(page, t.baseUrl, 4, 'Skull Iron-On Patch');
    await fillCard(page, { number: '4000 0000 0000 0002' });

    await page.getByRole('button', { name: 'Complete Order - $9.00' }).click();

    await page.getByText('Payment Failed').waitFor({ timeout: 30_000 });
    await page.locator('.toast').getByText('Your card was declined.').waitFor();
    await page.getByTestId('payment-failure').getByText('Your card was declined.').waitFor();
    expect(page.url()).toMatch(/\/cart$/);
    await page.getByRole('button', { name: 'Complete Order - $9.00' }).waitFor();
    const sessionId = await page.evaluate(() => localStorage.getItem('cartSessionId'));
    const cart = await t.http.get(`/api/cart/${sessionId}`).expect(200);
    expect(cart.body.items).toEqual([expect.objectContaining({ quantity: 1 })]);
  });
});
