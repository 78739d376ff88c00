import { EMULATOR_WEBHOOK_SIGNATURE_KEY } from '../../src/stand-ins';
import { browserSuite } from '../support/browser';
import { shoot, signInOnPage as signIn } from '../support/page-shots';
import { addProduct, paidCheckout } from '../support/shop-fixtures';
import { mintCardTokens } from '../support/square-emulator';

const suite = browserSuite();

describe("the admin's refund form and add-product form in a real browser", () => {
  it('opens behind a Refund button (no button offering the whole order sits on the page), names the amount on the button (what was paid, discount taken off), never refunds on Enter, and asks before refunding the whole order', async () => {
    const [t, page] = [suite.app(), suite.page()];
    // Square tells the shop when its refunds complete, as in development.
    t.square.webhooks.subscribe({ notificationUrl: `${t.baseUrl}/api/square/webhooks`, signatureKey: EMULATOR_WEBHOOK_SIGNATURE_KEY }, { retryDelaysMs: [50, 100, 200] });
    const patch = await addProduct(t, { name: 'Skull Patch', priceCents: 900, stockQuantity: 6, category: 'patches' });
    const tee = await addProduct(t, { name: 'Bat Tee', priceCents: 3299, stockQuantity: 6, category: 'apparel' });
    await t.http.post('/api/newsletter/subscribe').send({ email: 'lydia@example.com' }).expect(200);
    const [card] = await mintCardTokens(t.square, 1);
    // DARKCIRCLE10: 51.00 less 5.10, 45.89 paid; the patches cost 8.10 each.
    const order = await paidCheckout(t, { [patch]: 2, [tee]: 1 }, 4589, { name: 'Lydia Deetz', email: 'lydia@example.com', discountCode: 'DARKCIRCLE10', sourceId: card });

    await signIn(page, t.baseUrl, `/admin/orders/${order.orderId}`);
    await page.getByRole('heading', { name: `Order ${order.orderNumber}` }).waitFor({ timeout: 30_000 });
    const form = page.getByRole('form', { name: 'Refund' });
    // The page offers a quiet Refund button, not the whole order's money; Cancel puts the picker away again.
    const opener = page.getByRole('button', { name: 'Refund', exact: true });
    await opener.waitFor();
    expect(await page.getByRole('button', { name: /\$/ }).count()).toBe(0);
    expect(await form.count()).toBe(0);
    await shoot(page, 'refund-closed');
    await opener.click();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    await opener.click();
    // Nothing chosen: the whole order, and the button says how much.
    await form.getByRole('button', { name: 'Refund $45.89' }).waitFor();

    await form.getByLabel('Quantity (Skull Patch)').fill('1');
    await form.getByRole('button', { name: 'Refund $8.10' }).waitFor();
    await form.getByLabel('Reason').fill('The thread came loose');
    await form.getByLabel('Reason').press('Enter');
    await form.getByLabel('Quantity (Skull Patch)').press('Enter');
    await page.waitForTimeout(500);
    expect(t.square.refunds()).toHaveLength(0);
    await shoot(page, 'refund-line');

    await form.getByRole('button', { name: 'Refund $8.10' }).click();
    await page.getByTestId('refund').getByText('$8.10').waitFor({ timeout: 30_000 });
    expect(t.square.refunds().map((r) => Number(r.amount_money.amount))).toEqual([810]);
    await page.getByTestId('refund').getByText('refunded', { exact: true }).waitFor({ timeout: 30_000 });

    // The rest is the whole order: it asks first, and "Keep it" sends nothing.
    await form.getByLabel('Reason').fill('Cancelled');
    await form.getByRole('button', { name: 'Refund $37.79' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm the refund' });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Refund the whole order?');
    await shoot(page, 'refund-confirm');
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    expect(t.square.refunds()).toHaveLength(1);
    await form.getByRole('button', { name: 'Refund $37.79' }).click();
    await confirm.getByRole('button', { name: 'Yes, refund $37.79' }).click();
    // Nothing is left to refund: the form goes, and the order reads refunded once Square completes it.
    await form.waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('refund').nth(1).getByText('refunded', { exact: true }).waitFor({ timeout: 30_000 });
    await page.locator('.badge', { hasText: /^Refunded$/ }).waitFor({ timeout: 30_000 });
    expect(t.square.refunds().map((r) => Number(r.amount_money.amount))).toEqual([810, 3779]);
    await shoot(page, 'refund-done');
  });

  it('starts Add Product as shoppers will see it: in stock follows the quantity, and the card says what the storefront shows', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await signIn(page, t.baseUrl, '/inventory');
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Add New Product' }).click();
    const form = page.getByRole('form', { name: 'Add New Product' });
    const inStock = form.getByLabel('In stock');
    // Stock 0: not in stock, and the form says what shoppers will see.
    expect(await form.getByLabel('Stock quantity').inputValue()).toBe('0');
    expect(await inStock.isChecked()).toBe(false);
    // A new product starts as a draft, which shoppers do not see at all.
    expect(await form.getByTestId('shoppers-see').innerText()).toBe('Once published, shoppers will see it SOLD OUT.');
    await form.getByLabel('Stock quantity').fill('2');
    expect(await inStock.isChecked()).toBe(true);
    await form.getByLabel('Publish now').check();
    expect(await form.getByTestId('shoppers-see').innerText()).toBe('Shoppers can buy it: 2 on hand.');
    await form.getByLabel('Publish now').uncheck();
    await form.getByLabel('Stock quantity').fill('0');
    expect(await inStock.isChecked()).toBe(false);

    // Saved as it starts: sold out on the card and on the storefront alike.
    await form.getByLabel('Name').fill('Coffin Patch');
    await form.getByLabel('Price').fill('9.00');
    await form.getByLabel('Publish now').check();
    await shoot(page, 'add-product');
    await form.getByRole('button', { name: 'Add Product' }).click();
    const card = page.getByTestId('inventory-product').filter({ hasText: 'Coffin Patch' });
    expect(await card.getByTestId('shoppers-see').innerText({ timeout: 30_000 })).toMatch(/^sold out$/i);

    // Ticked by hand at 0: still sold out to shoppers, and the card says so rather than "In Stock".
    await page.getByRole('button', { name: 'Add New Product' }).click();
    await form.getByLabel('Name').fill('Vesper Sigil');
    await form.getByLabel('Price').fill('11.00');
    await inStock.check();
    expect(await form.getByTestId('shoppers-see').innerText()).toBe('Once published, shoppers will see it SOLD OUT until it has stock.');
    await form.getByLabel('Publish now').check();
    expect(await form.getByTestId('shoppers-see').innerText()).toBe('Shoppers will see it SOLD OUT until it has stock.');
    await form.getByRole('button', { name: 'Add Product' }).click();
    const moon = page.getByTestId('inventory-product').filter({ hasText: 'Vesper Sigil' });
    expect(await moon.getByTestId('shoppers-see').innerText({ timeout: 30_000 })).toMatch(/^sold out$/i);
    expect(await moon.innerText()).toContain('marked in stock, but none to sell');
    await moon.scrollIntoViewIfNeeded();
    await shoot(page, 'inventory-cards');

    const shelf = (await t.http.get('/api/products').expect(200)).body as Array<{ name: string; inStock: boolean }>;
    expect(shelf.filter((p) => p.name === 'Coffin Patch' || p.name === 'Vesper Sigil').map((p) => p.inStock)).toEqual([false, false]);
  });
});
