import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser';
import { shoot, signInOnPage as signIn } from '../support/page-shots';
import { addProduct, paidCheckout } from '../support/shop-fixtures';

const suite = browserSuite();

/** The face the order number inside `selector` is drawn in. */
const numberFace = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).fontFamily);

describe("the studio's shipping chores in a real browser", () => {
  it("prints a packing slip per order and for the orders ticked in the list, flags a tracking number of another carrier, keeps the studio's notes, and sets order numbers in the text face", async () => {
    const [t, page] = [suite.app(), suite.page()];
    const hoodie = await addProduct(t, { name: 'Raven Hoodie', priceCents: 4500, stockQuantity: 4, category: 'apparel' });
    const patch = await addProduct(t, { name: 'Moth Patch', priceCents: 1200, stockQuantity: 6 });
    const parcel = await paidCheckout(t, { [hoodie]: 1, [patch]: 2 }, 6900, { name: 'Wednesday Addams', email: 'wednesday@example.com', fulfillmentMethod: 'shipping' });
    const pickup = await paidCheckout(t, { [patch]: 1 }, 1200, { name: 'Lydia Deetz', email: 'lydia@example.com', fulfillmentMethod: 'pickup' });
    await paidCheckout(t, { [hoodie]: 1 }, 4500, { name: 'Morticia Frump', email: 'morticia@example.com', fulfillmentMethod: 'pickup' });

    await signIn(page, t.baseUrl, `/admin/orders/${parcel.orderId}`);
    await page.getByRole('heading', { name: `Order ${parcel.orderNumber}` }).waitFor({ timeout: 30_000 });
    // The blackletter draws "DC-1001" as "DC=1001": the number is in the text face.
    expect(await numberFace(page, 'h1 .order-number')).toMatch(/^"?EB Garamond/);

    // A USPS number under UPS: shipped all the same, with a warning on the order page.
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    const shipping = page.getByRole('form', { name: 'Mark shipped' });
    await shipping.getByLabel('Carrier', { exact: true }).selectOption('UPS');
    await shipping.getByLabel('Tracking number').fill('9400 1118 9922 3817 5273 31');
    await shipping.getByRole('button', { name: 'Mark shipped' }).click();
    await page.getByTestId('fulfilment-status').getByText('Shipped').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('note').innerText()).toBe('This tracking number looks like a USPS number, not UPS: check the carrier.');
    await shoot(page, 'order-tracking-warning');

    // The studio's own notes: each listed with who wrote it and when; a blank one is refused by the server.
    const notes = page.getByRole('form', { name: 'Add a note' });
    await notes.getByLabel('Note').fill('She phoned: the hoodie is a gift.\nNo receipt in the parcel.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    const note = page.getByTestId('staff-note');
    await note.waitFor({ timeout: 30_000 });
    expect(await note.innerText()).toMatch(/^She phoned: the hoodie is a gift\.\nNo receipt in the parcel\.\s+owner@darkcircle\.test · \w{3} \d+, \d{4}/);
    const cookie = await cookieOf(page);
    const blank = await t.http.post(`/api/admin/orders/${parcel.orderId}/notes`).set('cookie', cookie).set('origin', t.baseUrl).send({ text: '   ' }).expect(400);
    expect(JSON.stringify(blank.body)).toContain('Write the note first.');
    const after = (await t.http.get(`/api/admin/orders/${parcel.orderId}`).set('cookie', cookie).expect(200)).body as { staffNotes: Array<{ by: string }> };
    expect(after.staffNotes.map((n) => n.by)).toEqual(['owner@darkcircle.test']);
    await shoot(page, 'order-staff-note');

    // The order's own slip: the address on its lines, what is in the parcel, no prices.
    await page.getByRole('link', { name: 'Packing slip' }).click();
    const slip = page.getByTestId('packing-slip');
    await slip.waitFor({ timeout: 30_000 });
    expect(await slip.count()).toBe(1);
    const text = await slip.innerText();
    expect(text).toContain(`Order ${parcel.orderNumber}`);
    expect(text).toContain('Ship to');
    expect(text).toContain('Wednesday Addams\n13 Blackwood Lane\nSalem, MA 01970\nUS');
    expect(text).toMatch(/Raven Hoodie\s+1/);
    expect(text).toMatch(/Moth Patch\s+2/);
    expect(text).not.toContain('$');
    await page.getByRole('button', { name: 'Print packing slip' }).waitFor();
    await shoot(page, 'packing-slip');
    // Printed, the admin's header and the buttons are left off.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.admin-header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print packing slip' }).isVisible()).toBe(false);
    expect(await slip.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // Two orders ticked in the list: their two slips, in the order ticked.
    await page.goto(`${t.baseUrl}/admin/orders`);
    await page.getByLabel(`Choose ${parcel.orderNumber}`).check({ timeout: 30_000 });
    await page.getByLabel(`Choose ${pickup.orderNumber}`).check();
    expect(await numberFace(page, '.orders-table a')).toMatch(/^"?EB Garamond/);
    await shoot(page, 'orders-chosen');
    await page.getByRole('link', { name: 'Packing slips (2)' }).click();
    await page.getByRole('button', { name: 'Print 2 packing slips' }).waitFor({ timeout: 30_000 });
    const slips = page.getByTestId('packing-slip');
    expect(await slips.count()).toBe(2);
    expect(await slips.nth(0).innerText()).toContain(`Order ${parcel.orderNumber}`);
    const second = await slips.nth(1).innerText();
    expect(second).toContain(`Order ${pickup.orderNumber}`);
    expect(second).toContain('Local Pickup');
    expect(second).toContain('Lydia Deetz');
    expect(second).toMatch(/Moth Patch\s+1/);
    expect(second).not.toContain('Raven Hoodie');
    await shoot(page, 'packing-slips');

    // The shopper's status page sets the number in the text face too.
    const detail = (
      await t.http
        .get(`/api/admin/orders/${parcel.orderId}`)
        .set('cookie', await cookieOf(page))
        .expect(200)
    ).body as { statusUrl: string };
    await page.goto(new URL(new URL(detail.statusUrl).pathname, t.baseUrl).href);
    await page.getByRole('heading', { name: `Order ${parcel.orderNumber}` }).waitFor({ timeout: 30_000 });
    expect(await numberFace(page, 'h1 .order-number')).toMatch(/^"?EB Garamond/);
    await shoot(page, 'order-status');
  });

  it("offers Create Test Cart among the development tools, and answers the recovery button with the app's toast, never a browser alert", async () => {
    const [t, page] = [suite.app(), suite.page()];
    await addProduct(t, { name: 'Raven Hoodie', priceCents: 4500, stockQuantity: 4, category: 'apparel' });
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, t.baseUrl, '/admin');
    // Create Test Cart lives among the development tools, shown since this shop runs on the stand-ins.
    const tools = page.getByRole('region', { name: 'Development tools' });
    await tools.getByRole('button', { name: 'Create Test Cart' }).click({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Create Test Cart' }).count()).toBe(1);
    await page.getByTestId('abandoned-cart').first().getByRole('button', { name: 'Send Recovery Email' }).click({ timeout: 30_000 });
    await page.getByRole('status').getByText('Recovery email queued').waitFor({ timeout: 30_000 });
    expect(alerts).toEqual([]);
    await shoot(page, 'dashboard-recovery-toast');
  });
});

/** The signed-in page's cookies, for the API calls the test makes as the studio. */
async function cookieOf(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}
