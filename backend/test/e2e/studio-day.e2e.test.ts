import type { Page } from 'playwright-core';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { EMULATOR_WEBHOOK_SIGNATURE_KEY } from '../../src/stand-ins';
import { browserSuite } from '../support/browser';
import { waitForMail } from '../support/mailbox';
import { addProduct, paidCheckout } from '../support/shop-fixtures';

const suite = browserSuite();

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Reloads the page until `text` shows (work the worker finishes a moment after the answer). */
async function reloadUntil(page: Page, text: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      return await page.getByText(text, { exact: true }).waitFor({ timeout: 2_000 });
    } catch (error) {
      if (tries === 15) throw error;
      await page.reload();
    }
  }
}

describe("the studio's day in a real browser", () => {
  it('signs in, reads the day on the dashboard, finds an order and ships it (the shopper sees the tracking), and refunds another back into stock', async () => {
    const [t, page] = [suite.app(), suite.page()];
    // Square tells the shop when its refunds complete, as in development.
    t.square.webhooks.subscribe({ notificationUrl: `${t.baseUrl}/api/square/webhooks`, signatureKey: EMULATOR_WEBHOOK_SIGNATURE_KEY }, { retryDelaysMs: [50, 100, 200] });
    const hoodie = await addProduct(t, { name: 'Raven Hoodie', priceCents: 4500, stockQuantity: 4, category: 'apparel' });
    const patch = await addProduct(t, { name: 'Moth Patch', priceCents: 1200, stockQuantity: 6 });
    const parcel = await paidCheckout(t, { [hoodie]: 1, [patch]: 1 }, 5700, { name: 'Wednesday Addams', email: 'wednesday@example.com', fulfillmentMethod: 'shipping' });
    const returned = await paidCheckout(t, { [patch]: 2 }, 2400, { name: 'Lydia Deetz', email: 'lydia@example.com', fulfillmentMethod: 'pickup' });
    await paidCheckout(t, { [hoodie]: 1 }, 4500, { name: 'Morticia Frump', email: 'morticia@example.com', fulfillmentMethod: 'pickup' });
    const revenue = 5700 + 2400 + 4500;

    // Signs in through the sign-in page and lands on the dashboard.
    await page.goto(`${t.baseUrl}/admin`);
    await page.getByRole('link', { name: 'Login with Google' }).click({ timeout: 30_000 });
    await page.getByLabel('Email').fill('owner@darkcircle.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/admin$/, { timeout: 30_000 });

    // The day's figures are the three orders just placed.
    await page.getByTestId('revenue-today').getByText(dollars(revenue)).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('orders-today').innerText()).toBe('3');
    expect(await page.getByTestId('revenue-7d').innerText()).toContain(dollars(revenue));
    expect(await page.getByTestId('revenue-30d').innerText()).toContain(dollars(revenue));
    expect(await page.getByTestId('orders-30d').innerText()).toBe('3');
    expect(await page.getByTestId('orders-waiting').innerText()).toContain('3');

    // Finds Wednesday's order by her name and ships it with a tracking number.
    await page.getByRole('link', { name: 'Orders' }).first().click();
    await page.getByLabel('Search orders').fill('wednesday');
    const rows = page.getByTestId('order');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="order"]').length === 1, undefined, { timeout: 30_000 });
    expect(await rows.innerText()).toContain(parcel.orderNumber);
    await rows.getByRole('link', { name: parcel.orderNumber }).click();
    await page.getByRole('heading', { name: `Order ${parcel.orderNumber}` }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    const shipping = page.getByRole('form', { name: 'Mark shipped' });
    await shipping.getByLabel('Carrier', { exact: true }).selectOption('UPS');
    await shipping.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await shipping.getByRole('button', { name: 'Mark shipped' }).click();
    await page.getByTestId('fulfilment-status').getByText('Shipped').waitFor({ timeout: 30_000 });

    // The worker emails her that it is on its way, with the link to her status page, which shows the tracking.
    await t.app.get(OutboxRelay).tick();
    const email = await waitForMail(t.dataDir, (m) => m.subject === `Your Dark Circle order ${parcel.orderNumber} is on its way`);
    const statusUrl = await page.getByRole('link', { name: "The customer's status page" }).getAttribute('href');
    expect(email.raw).toContain(statusUrl!);
    expect(email.raw).toContain('1Z999AA10123456784');
    await page.goto(new URL(new URL(statusUrl!).pathname, t.baseUrl).href);
    await page.getByRole('heading', { name: `Order ${parcel.orderNumber}` }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('order-stage').innerText()).toBe('On its way');
    const tracking = page.getByTestId('order-tracking').getByRole('link', { name: '1Z999AA10123456784' });
    expect(await tracking.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');

    // Refunds Lydia's two patches, back into stock: the storefront then offers them again.
    await page.goto(`${t.baseUrl}/product/${patch}`);
    await page.getByText('3 available', { exact: true }).waitFor({ timeout: 30_000 });
    await page.goto(`${t.baseUrl}/admin/orders?search=${returned.orderNumber}`);
    await rows.getByRole('link', { name: returned.orderNumber }).click({ timeout: 30_000 });
    await page.getByRole('heading', { name: `Order ${returned.orderNumber}` }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const refund = page.getByRole('form', { name: 'Refund' });
    await refund.getByLabel('Quantity (Moth Patch)').fill('2');
    await refund.getByLabel('Return to stock (Moth Patch)').check();
    await refund.getByLabel('Reason').fill('The thread came loose');
    // Both patches are the whole order: the button names the amount, and asks before it refunds everything.
    await refund.getByRole('button', { name: 'Refund $24.00' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm the refund' }).getByRole('button', { name: 'Yes, refund $24.00' }).click();
    await page.getByTestId('refund').getByText('$24.00').first().waitFor({ timeout: 30_000 });
    // Square completes it a moment later and says so (refund.updated): only then do the patches go back.
    await page.getByTestId('refund').getByText('refunded', { exact: true }).waitFor({ timeout: 30_000 });
    expect(t.square.refunds().map((r) => [Number(r.amount_money.amount), r.reason])).toEqual([[2400, 'The thread came loose']]);

    // The relay hands the refund to the worker (in tests it moves when told), which puts the patches back.
    await t.app.get(OutboxRelay).tick();
    await page.goto(`${t.baseUrl}/product/${patch}`);
    await reloadUntil(page, '5 available');

    // The dashboard counts the day's revenue less the refund.
    await page.goto(`${t.baseUrl}/admin`);
    await page
      .getByTestId('revenue-today')
      .getByText(dollars(revenue - 2400))
      .waitFor({ timeout: 30_000 });
  });
});
