import { OrderStatusLinks } from '../../src/orders/order-status-links';
import { AdminClient } from '../support/admin-client';
import { browserSuite } from '../support/browser';
import { placeOrder } from '../support/placed-order';

const suite = browserSuite();

/** The shopper's order status page on the main site, opened from the signed link in their emails. */
describe('the order status page in a real browser', () => {
  it('shows the order, its steps and its tracking link, but not the street address or the whole email', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const { orderId, orderNumber } = await placeOrder(t, 'shipping', { customer: { name: 'Lydia Deetz', email: 'lydia.deetz@example.com' } });
    const admin = await AdminClient.signIn(t.baseUrl);
    expect((await admin.post(`/api/admin/orders/${orderId}/fulfilment`, { step: 'shipped', carrier: 'USPS', trackingNumber: '9400 1000 0000' })).status).toBe(200);

    const res = await page.goto(
      t.app
        .get(OrderStatusLinks)
        .urlFor(orderId)
        .replace(/^https?:\/\/[^/]+/, t.baseUrl),
    );
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('order-stage').innerText()).toBe('On its way');
    const tracking = page.getByTestId('order-tracking').getByRole('link', { name: '9400 1000 0000' });
    expect(await tracking.getAttribute('href')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=940010000000');
    const timeline = await page.getByTestId('order-timeline').innerText();
    expect(timeline).toMatch(/Paid[\s\S]*Shipped/);
    expect(await page.getByTestId('status-total').innerText()).toBe('$29.00');
    // The line's picture is the catalogue's own, from the shop's origin, and loads.
    expect(await page.locator('.status-item img').getAttribute('src')).toMatch(/^\/images\/products\//);
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.status-item img')].every((i) => i.complete && i.naturalWidth > 0));

    const text = await page.locator('main').innerText();
    expect(text).toContain('Sandworm Patch × 2');
    // The line's total (2 × $12.00), as the confirmation shows it, not one unit's price.
    expect(await page.getByTestId('status-line-total').innerText()).toBe('$24.00');
    expect(text).toContain('l•••@example.com');
    expect(text).not.toContain('lydia.deetz@example.com');
    expect(text).not.toContain('Winter River');
    expect(text).not.toContain('Deetz');
  });

  it('answers a tampered link with the not-found page and a 404 status', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const { orderId } = await placeOrder(t, 'pickup');
    const token = t.app.get(OrderStatusLinks).tokenFor(orderId);
    const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    const res = await page.goto(`${t.baseUrl}/order-status/${tampered}`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Order Not Found' }).waitFor({ timeout: 30_000 });
    await page.getByText('We could not find that order. Check the link in your email.').waitFor();
    await page.getByRole('link', { name: 'Return to Shop' }).waitFor();
  });
});
