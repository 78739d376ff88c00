import { browserSuite } from '../support/browser';
import { signInOnPage } from '../support/page-shots';
import { placeOrder } from '../support/placed-order';
import { addProduct, cartWith, payForCart } from '../support/shop-fixtures';

const suite = browserSuite();

describe("the studio's Square books in the admin", () => {
  it("checks the books from the dashboard, lists an order Square does not have, and shows an order's Square order on its page", async () => {
    const [t, page] = [suite.app(), suite.page()];
    const pin = await addProduct(t, { name: 'Bone Pin', priceCents: 1500, stockQuantity: 5 });
    const cart = await cartWith(t, { [pin]: 1 });
    const sale = (await payForCart(t, cart.id, 1500).expect(200)).body as { orderId: string; orderNumber: string };
    // Paid as checkouts were before Square orders: nothing in Square's books.
    const unbooked = await placeOrder(t);

    await signInOnPage(page, t.baseUrl, '/admin');
    const books = page.getByRole('region', { name: 'Square books' });
    await books.getByRole('button', { name: 'Check the books' }).click({ timeout: 30_000 });
    await books.getByText('2 paid orders of the last 30 days checked: 1 agree, 1 differ.').waitFor({ timeout: 30_000 });
    const difference = books.getByTestId('books-difference');
    expect(await difference.count()).toBe(1);
    await difference.getByText('No Square order was booked for this order.').waitFor();
    expect(await difference.getByRole('link', { name: `Order ${unbooked.orderNumber}` }).getAttribute('href')).toBe(`/admin/orders/${unbooked.orderId}`);

    await page.goto(`${t.baseUrl}/admin/orders/${sale.orderId}`);
    const square = page.getByRole('region', { name: 'Square' });
    await square.getByTestId('square-state').getByText('Open, fulfilment not started').waitFor({ timeout: 30_000 });
    const link = square.getByTestId('square-order-link');
    expect(await link.getAttribute('href')).toBe(`${t.square.url}/emulator/orders/${await link.textContent()}`);
    await square.getByText(sale.orderNumber).waitFor();
    // On a phone the Square order's long id stays within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
