import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay';
import { AdminClient } from '../support/admin-client';
import { sentMail, type SentMail } from '../support/mailbox';
import { browserSuite } from '../support/browser';

/** Another site embedding the apparel grid and the cart, on an origin the shop lists. */
let host: Server;
beforeAll(async () => {
  host = createServer((_, res) => {
    const shop = suite.app().baseUrl;
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<!doctype html><html lang="en"><head><title>Host</title><script type="module" src="${shop}/widgets/dc-widgets.js"></script></head><body><dc-cart></dc-cart><dc-product-grid category="apparel"></dc-product-grid></body></html>`,
      );
  });
  await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
});
afterAll(() => new Promise((done) => host?.close(done)));
const hostUrl = () => `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;

const suite = browserSuite(() => ({ WIDGET_ORIGINS: hostUrl().slice(0, -1) }));
const SHOTS = process.env.SCREENSHOT_DIR;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const PICTURES = ['/images/products/raven.svg', '/images/products/moth.svg', '/images/products/web.svg'];

interface Sized {
  id: number;
  variants: { id: string; name: string }[];
}

/** A hoodie in four sizes of the test's own: M sold out, L and XL dearer, XL with its own picture. */
let hoodie: Sized;
beforeAll(async () => {
  const admin = await AdminClient.signIn(suite.app().baseUrl);
  const created = await admin.post('/api/admin/products', {
    name: 'Sized Raven Hoodie',
    description: 'A hoodie in four sizes, for a test',
    category: 'apparel',
    price: '68.00',
    images: PICTURES,
    options: [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }],
    variants: [
      { options: { Size: 'S' }, price: '68.00', stockQuantity: 3 },
      { options: { Size: 'M' }, price: '68.00', stockQuantity: 0 },
      { options: { Size: 'L' }, price: '72.00', stockQuantity: 2 },
      { options: { Size: 'XL' }, price: '72.00', stockQuantity: 1, imageUrl: '/images/products/skull.svg' },
    ],
  });
  expect(created.status).toBe(201);
  hoodie = created.body;
});

const variantOf = (size: string) => hoodie.variants.find((v) => v.name === size)!.id;

/** A screenshot for a person to look at (only when SCREENSHOT_DIR is set), once transitions have settled. */
async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage });
}

async function openHoodie(page: Page, query = ''): Promise<void> {
  await page.goto(`${suite.app().baseUrl}/product/${hoodie.id}${query}`);
  await page.getByRole('heading', { name: 'Sized Raven Hoodie' }).waitFor();
}

/** Waits until the gallery's strip has settled on the picture. */
const showsPicture = (page: Page, src: string) =>
  page.waitForFunction((src) => {
    const track = document.querySelector('.gallery__track')!;
    const left = track.getBoundingClientRect().left;
    return [...track.querySelectorAll('img')].some((img) => img.getAttribute('src') === src && Math.abs(img.getBoundingClientRect().left - left) < 2);
  }, src);

const sizes = (page: Page) => page.getByRole('group', { name: /^Size/ });
const addButton = (page: Page) => page.locator('.product-detail__info .buy-row__add');

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('a product with sizes on a %s', (_, viewport) => {
  it('asks for a size, shows the chosen size’s price and stock, adds it, and the cart shows the size', async () => {
    const page = suite.page();
    await page.setViewportSize(viewport);
    await openHoodie(page);
    await page.getByText('from $68.00').waitFor();
    await expect(addButton(page).innerText()).resolves.toBe('SELECT SIZE');
    await expect(addButton(page).isDisabled()).resolves.toBe(true);
    await shoot(page, 'product-sized');

    await sizes(page).getByRole('button', { name: 'L', exact: true }).click();
    await page.waitForURL(new RegExp(`\\?variant=${variantOf('L')}$`));
    await expect(sizes(page).getByRole('button', { name: 'L', exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.locator('.product-detail__info .price--large').filter({ hasText: '$72.00' }).waitFor();
    await page.getByText('2 available').waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Sized Raven Hoodie — L has been added to your cart.').waitFor();
    await page.getByText('1 in your cart').waitFor();

    // Another size is another line.
    await sizes(page).getByRole('button', { name: 'S', exact: true }).click();
    await page.getByText('3 available').waitFor();
    expect(await page.getByText('in your cart').count()).toBe(0);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Sized Raven Hoodie — S has been added to your cart.').waitFor();

    await page.getByRole('button', { name: 'Open cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    await drawer.getByText('Sized Raven Hoodie — L', { exact: true }).waitFor();
    await drawer.getByText('Sized Raven Hoodie — S', { exact: true }).waitFor();
    await drawer.getByText('1 × $72.00').waitFor();
    await shoot(page, 'cart-drawer-sized', false);

    const sessionId = await page.evaluate(() => localStorage.getItem('cartSessionId'));
    const cart = await suite.app().http.get(`/api/cart/${sessionId}`).expect(200);
    const lines = cart.body.items.map((i: { variantId: string; variantName: string; quantity: number }) => [i.variantId, i.variantName, i.quantity]);
    expect(lines.sort((a: string[], b: string[]) => a[0]!.localeCompare(b[0]!, 'en', { numeric: true }))).toEqual([
      [variantOf('S'), 'S', 1],
      [variantOf('L'), 'L', 1],
    ]);
  });

  it('opens a shared link on its size; a sold-out size is struck through, says so, and takes an address for when it is back', async () => {
    const page = suite.page();
    await page.setViewportSize(viewport);
    await openHoodie(page, `?variant=${variantOf('M')}`);
    // Screen readers hear it too; the value stays a button that can be chosen.
    const m = sizes(page).getByRole('button', { name: /^M\W+sold out$/ });
    await expect(m.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(m.isEnabled()).resolves.toBe(true);
    expect(await m.evaluate((b) => getComputedStyle(b).textDecorationLine)).toBe('line-through');
    await expect(addButton(page).innerText()).resolves.toBe('SOLD OUT');
    await expect(addButton(page).isDisabled()).resolves.toBe(true);
    await page.getByText('This item is currently out of stock. Check back soon!').waitFor();
    await page.getByText('OUT OF STOCK', { exact: true }).waitFor();
    await shoot(page, 'product-sold-out-size');

    await page.getByLabel('Email me when size M is back').fill('mina@example.com');
    const asked = page.waitForResponse((r) => r.url().endsWith(`/variants/${variantOf('M')}/notify`));
    await page.getByRole('button', { name: 'Notify me' }).click();
    expect((await asked).status()).toBe(202);
    await page.getByRole('status').filter({ hasText: 'Check your inbox to confirm.' }).waitFor();
    // The button's last word says it is done, and asks no second time.
    const done = page.getByRole('button', { name: 'Done' });
    await expect(done.isDisabled()).resolves.toBe(true);
    expect(await page.getByRole('button', { name: 'Notify me' }).count()).toBe(0);
    await shoot(page, 'product-sold-out-size-asked');
  });

  it('asks for an email when a sold-out size is back: the API’s refusal in its words, then the confirmation to look for', async () => {
    const page = suite.page();
    await page.setViewportSize(viewport);
    // The storefront's side of the exchange: what it sends, and what it shows for each answer.
    const sent: unknown[] = [];
    const answers = [
      { status: 400, json: { code: 'VALIDATION_FAILED', message: 'email: Please enter a valid email address.' } },
      { status: 202, json: { status: 'confirmation-sent' } },
    ];
    await page.route(`**/api/products/${hoodie.id}/variants/${variantOf('M')}/notify`, (route) => {
      sent.push(route.request().postDataJSON());
      return route.fulfill(answers.shift()!);
    });
    await openHoodie(page, `?variant=${variantOf('M')}`);
    const email = page.getByLabel('Email me when size M is back');
    await email.fill('mina@example');
    await page.getByRole('button', { name: 'Notify me' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter a valid email address.' }).waitFor();
    // A refusal is not done: the button asks again.
    await expect(page.getByRole('button', { name: 'Notify me' }).isEnabled()).resolves.toBe(true);
    await email.fill('mina@example.com');
    await page.getByRole('button', { name: 'Notify me' }).click();
    await page.getByRole('status').filter({ hasText: 'Check your inbox to confirm.' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'valid email' }).count()).toBe(0);
    expect(sent).toEqual([{ email: 'mina@example' }, { email: 'mina@example.com' }]);

    // Another size is another request: the form starts again.
    await sizes(page).getByRole('button', { name: 'S', exact: true }).click();
    expect(await email.count()).toBe(0);
  });

  it('moves through the pictures by keyboard and shows the chosen size’s own picture', async () => {
    const page = suite.page();
    await page.setViewportSize(viewport);
    await openHoodie(page);
    const current = () => page.locator('.gallery__thumb[aria-current="true"]').getAttribute('aria-label');
    await expect(current()).resolves.toBe('Picture 1 of 3');
    // A desktop moves by the thumbnails (the focus follows), a phone (no thumbnails, a count) by the strip.
    const phone = viewport === PHONE;
    if (phone) await page.getByRole('region', { name: 'Pictures of Sized Raven Hoodie' }).focus();
    else await page.getByRole('button', { name: 'Picture 1 of 3', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    if (phone) await page.locator('.gallery__count').getByText('2 / 3').waitFor();
    else await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Picture 2 of 3');
    await page.waitForFunction(() => document.querySelector('.gallery__thumb[aria-current="true"]')?.getAttribute('aria-label') === 'Picture 2 of 3');
    await showsPicture(page, PICTURES[1]);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await showsPicture(page, PICTURES[1]);
    await page.keyboard.press('Enter');
    await expect(current()).resolves.toBe('Picture 2 of 3');

    // XL has a picture of its own: choosing XL shows it, a fourth picture.
    await sizes(page).getByRole('button', { name: 'XL', exact: true }).click();
    if (phone) await page.locator('.gallery__count').getByText('4 / 4').waitFor();
    else await page.getByRole('button', { name: 'Picture 4 of 4', exact: true }).waitFor();
    await showsPicture(page, '/images/products/skull.svg');
    expect(await page.locator('.gallery__track img').first().getAttribute('alt')).toBe('Sized Raven Hoodie');
  });
});

describe('the embedded grid', () => {
  it('opens a size picker for a product with sizes and adds the size chosen', async () => {
    const page = suite.page();
    for (const [viewport, size, price] of [
      [PHONE, 'XL', '$72.00'],
      [DESKTOP, 'S', '$68.00'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(hostUrl());
      const grid = page.locator('dc-product-grid');
      const card = grid.getByTestId('product-card').filter({ hasText: 'Sized Raven Hoodie' });
      await card.getByText('from $68.00').waitFor();
      await card.getByRole('button', { name: 'Choose options' }).click();
      const sheet = grid.getByRole('dialog', { name: 'Sized Raven Hoodie' });
      await expect(sheet.getByRole('button', { name: 'SELECT SIZE' }).isDisabled()).resolves.toBe(true);
      await sheet.getByRole('button', { name: size, exact: true }).click();
      await sheet.getByText(price, { exact: true }).waitFor();
      await shoot(page, 'grid-size-picker', false);
      await sheet.getByRole('button', { name: 'Add to Cart' }).click();
      await grid.getByText(`Sized Raven Hoodie — ${size} has been added to your cart.`).waitFor();
      await expect(sheet.isVisible()).resolves.toBe(false);
    }
    await page.locator('dc-cart').getByRole('button', { name: 'Open cart' }).click();
    const drawer = page.locator('dc-cart').getByRole('dialog', { name: 'Cart' });
    await drawer.getByText('Sized Raven Hoodie — XL', { exact: true }).waitFor();
    await drawer.getByText('Sized Raven Hoodie — S', { exact: true }).waitFor();
  });
});

describe('an order of two sizes', () => {
  it('names each size on the order confirmation and the order status page', async () => {
    const [t, page] = [suite.app(), suite.page()];
    const sessionId = `session_${Date.now()}_sizes`;
    const created = await t.http.post('/api/cart').send({ sessionId, totalAmount: '0.00' }).expect(201);
    for (const size of ['S', 'L']) {
      await t.http
        .post(`/api/cart/${created.body.id}/items`)
        .send({ productId: hoodie.id, variantId: variantOf(size), quantity: 1 })
        .expect(200);
    }
    const paid = await t.http.post('/api/square/process-payment').send({
      sourceId: 'cnon:card-nonce-ok',
      amountMoney: { amount: '14000', currency: 'USD' },
      customerName: 'Mina Harker',
      customerEmail: 'mina@example.com',
      fulfillmentMethod: 'pickup',
      cartId: created.body.id,
    });
    expect(paid.body).toMatchObject({ success: true });

    // Another browser than the one that paid: the confirmation comes from the server.
    await page.goto(`${t.baseUrl}/order-confirmation?order=${encodeURIComponent(paid.body.statusToken)}`);
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    await page.getByText('Sized Raven Hoodie — S × 1').waitFor();
    await page.getByText('Sized Raven Hoodie — L × 1').waitFor();

    await page.goto(`${t.baseUrl}/order-status/${paid.body.statusToken}`);
    await page.getByText('Sized Raven Hoodie — L × 1').waitFor({ timeout: 30_000 });
    await page.getByText('Sized Raven Hoodie — S × 1').waitFor();

    // And the confirmation email names each size.
    const deadline = Date.now() + 30_000;
    let confirmation: SentMail | undefined;
    while (!confirmation && Date.now() < deadline) {
      await t.app.get(OutboxRelay).tick();
      confirmation = (await sentMail(t.dataDir)).find((mail) => mail.to === 'mina@example.com' && mail.raw.includes(paid.body.orderNumber));
      if (!confirmation) await page.waitForTimeout(200);
    }
    expect(confirmation?.raw).toContain('Sized Raven Hoodie, S');
    expect(confirmation?.raw).toContain('Sized Raven Hoodie, L');
  });
});

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('a size back in stock, on a %s', (device, viewport) => {
  it('takes an address for a sold-out size, and after its confirmation and a restock emails it once, with a link that opens that size', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.setViewportSize(viewport);
    const admin = await AdminClient.signIn(t.baseUrl);
    const name = `Nocturne Tee (${device})`;
    const { body: tee } = await admin.post('/api/admin/products', {
      name,
      category: 'apparel',
      images: [PICTURES[0]],
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { options: { Size: 'S' }, price: '30.00', stockQuantity: 2 },
        { options: { Size: 'M' }, price: '30.00', stockQuantity: 0 },
      ],
    });
    const m = (tee as Sized).variants.find((v) => v.name === 'M')!.id;
    const email = `nocturne.${device}@example.com`;
    const relayUntil = async (found: () => Promise<SentMail | undefined>) => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        await t.app.get(OutboxRelay).tick();
        const mail = await found();
        if (mail || Date.now() > deadline) return mail;
        await page.waitForTimeout(200);
      }
    };
    const mailsTo = async (subject: string) => (await sentMail(t.dataDir)).filter((mail) => mail.to === email && mail.subject === subject);

    await page.goto(`${t.baseUrl}/product/${tee.id}?variant=${m}`);
    await page.getByLabel('Email me when size M is back').fill(email);
    await page.getByRole('button', { name: 'Notify me' }).click();
    await page.getByRole('status').filter({ hasText: 'Check your inbox to confirm.' }).waitFor();

    const confirmation = await relayUntil(async () => (await mailsTo(`Confirm: email me when ${name}, M is back`))[0]);
    const confirmLink = /https?:\/\/[^\s"<>]+(\/back-in-stock\/confirm\?token=[^\s"<>]+)/.exec(confirmation!.raw)![1]!.replace(/&amp;/g, '&');
    // The link only asks (mail scanners follow links); the page's button confirms.
    await page.goto(`${t.baseUrl}${confirmLink}`);
    await page.getByRole('heading', { name: `Email you when ${name}, M is back?` }).waitFor();
    await page.getByRole('button', { name: 'Yes, put me on the list' }).click();
    await page.getByRole('heading', { name: `You're on the list for ${name}, M` }).waitFor();

    expect((await admin.put(`/api/admin/products/${tee.id}/variants/${m}/stock`, { stockQuantity: 2 })).status).toBe(200);
    const back = await relayUntil(async () => (await mailsTo(`Back in stock: ${name}, M`))[0]);
    expect(back?.raw).toContain(`/product/${tee.id}?variant=${m}`);
    // A second restock, and the jobs run again: still one email.
    await admin.put(`/api/admin/products/${tee.id}/variants/${m}/stock`, { stockQuantity: 3 });
    for (let i = 0; i < 5; i++) await t.app.get(OutboxRelay).tick();
    await page.waitForTimeout(1_000);
    expect(await mailsTo(`Back in stock: ${name}, M`)).toHaveLength(1);

    // The email's link opens that size, ready to buy.
    await page.goto(`${t.baseUrl}/product/${tee.id}?variant=${m}`);
    await expect(sizes(page).getByRole('button', { name: /^M/ }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(addButton(page).isEnabled()).resolves.toBe(true);
  });
});
