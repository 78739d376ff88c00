import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { browserSuite } from '../support/browser';
import { shoot } from '../support/page-shots';
import { addProduct, cartWith, eventCount } from '../support/shop-fixtures';

// The worker's relay runs, so the confirmation email is really sent through the queue.
const suite = browserSuite({ OUTBOX_RELAY_INTERVAL_MS: '200' });

/** The confirmation email of `orderNumber` (an .eml under the data folder), decoded from quoted-printable. */
async function confirmationFor(dataDir: string, orderNumber: string, timeoutMs = 20_000): Promise<string> {
  const dir = join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const f of await readdir(dir).catch(() => [] as string[])) {
      const raw = await readFile(join(dir, f), 'utf8');
      if (raw.includes(`Subject: Your Dark Circle order ${orderNumber}`)) return raw.replace(/=\r?\n/g, '');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no confirmation for ${orderNumber} in ${dir}`);
}

const NOTE = 'A gift for my sister.\nNo prices inside, please.';

describe("the shopper's order note, end to end in a real browser", () => {
  it('is typed on /cart, kept with the order, and shown on the admin order page, in the confirmation email and on the packing slip', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const patch = await addProduct(t, { name: 'Moth Patch', priceCents: 1200, stockQuantity: 6 });
    await page.goto(`${t.baseUrl}/product/${patch}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click({ timeout: 30_000 });
    await page.getByText('Moth Patch has been added to your cart.').waitFor();
    await page.goto(`${t.baseUrl}/cart`);
    await page.getByLabel('Name').fill('Mina Harker');
    await page.getByLabel('Email').fill('mina@example.com');
    await page.getByLabel('Order note (optional)').fill(NOTE);
    expect(await page.getByText(`${500 - NOTE.length} characters left`).count()).toBe(1);
    await shoot(page, 'cart-order-note');
    const form = page.getByTestId('card-container');
    await form.getByLabel(/card number/i).fill('4111 1111 1111 1111');
    await form.getByLabel(/expiration/i).fill('12/34');
    await form.getByLabel(/cvv/i).fill('111');
    await form.getByLabel(/postal/i).fill('02139');
    await page.getByRole('button', { name: 'Complete Order - $12.00' }).click();
    await page.waitForURL(/\/order-confirmation\?order=/, { timeout: 30_000 });
    const orderNumber = await page.getByTestId('order-number').innerText();

    // The email repeats it, line break kept.
    const email = await confirmationFor(t.dataDir, orderNumber);
    expect(email).toContain('Your note:');
    expect(email).toMatch(/A gift for my sister\.\s*(<br\/?>)?\s*No prices inside, please\./);

    // The studio reads it on the order page and on the packing slip.
    await page.goto(`${t.baseUrl}/admin/orders?search=${orderNumber}`);
    await page.getByRole('link', { name: 'Login with Google' }).click({ timeout: 30_000 });
    await page.getByLabel('Email').fill('owner@darkcircle.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('link', { name: orderNumber }).click({ timeout: 30_000 });
    const note = page.getByRole('blockquote', { name: "The customer's note" });
    await note.waitFor({ timeout: 30_000 });
    expect(await note.locator('p').innerText()).toBe(NOTE);
    await shoot(page, 'order-customer-note');
    await page.getByRole('link', { name: 'Packing slip' }).click();
    const slip = page.getByTestId('packing-slip');
    await slip.waitFor({ timeout: 30_000 });
    expect(await slip.getByRole('heading', { name: 'Your note' }).count()).toBe(1);
    expect(await slip.locator('.customer-note__text').innerText()).toBe(NOTE);
    await shoot(page, 'packing-slip-note');
  });

  it('is bounded by the server: 501 characters are refused with a message, and nothing is opened or charged', async () => {
    const t = suite.app();
    const patch = await addProduct(t, { name: 'Moth Patch', priceCents: 1200, stockQuantity: 6 });
    const cart = await cartWith(t, { [patch]: 1 });
    const [events, payments] = [await eventCount(t), t.square.payments().length];
    const pay = (orderNote: string) =>
      t.http.post('/api/square/process-payment').send({
        sourceId: 'cnon:card-nonce-ok',
        amountMoney: { amount: '1200', currency: 'USD' },
        customerName: 'Mina Harker',
        customerEmail: 'mina@example.com',
        fulfillmentMethod: 'pickup',
        cartId: cart.id,
        orderNote,
      });
    const refused = await pay('x'.repeat(501)).expect(400);
    expect(JSON.stringify(refused.body)).toContain('The order note');
    expect(t.square.payments()).toHaveLength(payments);
    expect(await eventCount(t)).toBe(events);
    // Blank is no note: the order is placed without one.
    await pay('   ').expect(200);
    expect(t.square.payments()).toHaveLength(payments + 1);
  });
});
