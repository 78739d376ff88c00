import type { Browser, Page } from 'playwright-core';
import { Carts } from '../../src/cart';
import { emailImageUrls, Products } from '../../src/catalog';
import { fulfillmentEmail } from '../../src/orders/fulfillment.email';
import { orderConfirmationEmail } from '../../src/orders/order-confirmation.email';
import { OrderEmailContexts } from '../../src/orders/order-email-context';
import { OrderStatusLinks } from '../../src/orders/order-status-links';
import { paidTerms } from '../../src/orders/order.state';
import { Orders } from '../../src/orders';
import { refundEmail } from '../../src/orders/refund.email';
import { trackingUrl } from '../../src/orders/tracking-links';
import type { OutgoingMail } from '../../src/mail';
import { UnsubscribeLinks } from '../../src/newsletter/unsubscribe-link';
import { welcomeEmail } from '../../src/newsletter/welcome.email';
import { RecoveryLinks } from '../../src/recovery/recovery-links';
import { recoveryEmail } from '../../src/recovery/recovery.email';
import { launchBrowser } from '../support/chromium';
import { addProduct, cartWith, paidCheckout, sql } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

// The emails name the configured public address; the browser's requests to it are answered by the test's app.
const PUBLIC_URL = 'http://shop.test';
const CONTACT_EMAIL = 'studio@darkcircle.example';

let t: TestApp;
let browser: Browser;
let page: Page;
/** A phone's browser (375 px, mobile viewport rules: a page that declares no viewport is laid out 980 px wide). */
let phone: Page;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL, CONTACT_EMAIL });
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.route(`${PUBLIC_URL}/**`, (route) => route.continue({ url: route.request().url().replace(PUBLIC_URL, t.baseUrl) }));
  phone = await (await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })).newPage();
  await phone.route(`${PUBLIC_URL}/**`, (route) => route.continue({ url: route.request().url().replace(PUBLIC_URL, t.baseUrl) }));
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A real checkout of two of the test's own products (their pictures drawn from the built storefront's SVG), picked up. */
async function placedOrder() {
  const hoodie = await addProduct(t, { name: `Raven Hoodie ${Math.random()}`, priceCents: 3000, stockQuantity: 5 });
  const pin = await addProduct(t, { name: `Moth Pin ${Math.random()}`, priceCents: 1000, stockQuantity: 5 });
  const { orderId } = await paidCheckout(t, { [hoodie]: 2, [pin]: 1 }, 7000);
  const order = await t.app.get(Orders).load(orderId);
  if (!order.exists) throw new Error('The order was not placed');
  return { orderId, terms: paidTerms(order), context: await t.app.get(OrderEmailContexts).of(order.opened) };
}

/**
 * Opens the email's HTML in Chromium and checks what a reader would click or see: every picture
 * loads from the shop, every link to the shop answers 200 (the status link: a token the shop
 * signed for this order), the contact is the studio's, anything else is https.
 */
async function checkInBrowser(mail: OutgoingMail, orderId?: string): Promise<{ links: string[]; images: number }> {
  await page.setContent(mail.html, { waitUntil: 'load' });
  const links = await page.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href')!));
  const images = await page.$$eval('img', (imgs) => imgs.map((i) => ({ src: i.getAttribute('src')!, width: i.naturalWidth })));
  // Every picture is one the shop draws as a PNG (mail clients show no SVG, Outlook no WebP), and loads.
  expect(images.filter((i) => !/^\/email-images\/\d+\.png$/.test(i.src.slice(PUBLIC_URL.length)) || !i.src.startsWith(`${PUBLIC_URL}/`) || !(i.width > 0))).toEqual([]);
  for (const href of links) {
    if (href.startsWith('mailto:')) {
      expect(href).toBe(`mailto:${CONTACT_EMAIL}`);
      continue;
    }
    const url = new URL(href);
    if (url.origin !== PUBLIC_URL) {
      expect(url.protocol).toBe('https:');
      continue;
    }
    if (url.pathname.startsWith('/order-status/')) {
      expect(t.app.get(OrderStatusLinks).orderOf(decodeURIComponent(url.pathname.slice('/order-status/'.length)))).toBe(orderId);
      continue;
    }
    // Redirects (a restore link's hand-over to the cart page) are followed to the page the reader lands on.
    const answer = await fetch(`${t.baseUrl}${url.pathname}${url.search}`);
    expect({ href, status: answer.status }).toEqual({ href, status: 200 });
  }
  expect(links).toContain(`mailto:${CONTACT_EMAIL}`);
  expect(links).toContain(PUBLIC_URL);
  // On a phone: laid out at the screen's width, at full size, with nothing to scroll sideways.
  await phone.setContent(mail.html, { waitUntil: 'load' });
  expect(await phone.evaluate(() => ({ width: window.innerWidth, scrollWidth: document.documentElement.scrollWidth, zoom: window.visualViewport?.scale }))).toEqual({
    width: 375,
    scrollWidth: 375,
    zoom: 1,
  });
  return { links, images: images.length };
}

const statusLinkOf = (links: string[]) => links.find((l) => l.startsWith(`${PUBLIC_URL}/order-status/`));

describe('every email the shop sends, opened in a browser', () => {
  it('the order emails: confirmation, the three fulfilment steps and a refund show the pictures and lead back to the order', async () => {
    const { orderId, terms, context } = await placedOrder();
    const shipped = { step: 'shipped' as const, note: null, carrier: 'USPS', trackingNumber: '9400 1000 0000', trackingUrl: trackingUrl('USPS', '9400 1000 0000') };
    const mails = [
      await orderConfirmationEmail(terms, context),
      await fulfillmentEmail(terms, { step: 'ready-for-pickup', note: 'Ring the bell at the studio door.', carrier: null, trackingNumber: null, trackingUrl: null }, context),
      await fulfillmentEmail(terms, shipped, context),
      await fulfillmentEmail(terms, { step: 'picked-up', note: null, carrier: null, trackingNumber: null, trackingUrl: null }, context),
      await refundEmail(
        terms,
        { refundId: 'refund-1', amountCents: 3000, reason: 'Chipped', lines: [{ itemId: 0, productId: terms.lines[0]!.productId, quantity: 1, restock: false }] },
        context,
      ),
    ];
    const expectedImages = [2, 2, 2, 2, 1];
    for (const [i, mail] of mails.entries()) {
      const { links, images } = await checkInBrowser(mail, orderId);
      expect(images).toBe(expectedImages[i]);
      const status = statusLinkOf(links);
      expect(status).toBe(context.statusUrl);
      expect(mail.text).toContain(status!);
    }
    const tracking = (await checkInBrowser(mails[2]!, orderId)).links;
    expect(tracking).toContain('https://tools.usps.com/go/TrackConfirmAction?tLabels=940010000000');
  });

  it('the newsletter welcome leads to the shop and to a working unsubscribe page', async () => {
    await t.http.post('/api/newsletter/subscribe').send({ email: 'raven@example.com', name: 'Raven' }).expect(200);
    const [subscriber] = await sql<{ id: string }>(t, 'select id from subscribers where email = ?', ['raven@example.com']);
    const unsubscribe = t.app.get(UnsubscribeLinks).urlFor(subscriber!.id);
    const mail = await welcomeEmail({ email: 'raven@example.com', name: 'Raven', subscriberId: subscriber!.id }, unsubscribe, { publicUrl: PUBLIC_URL, contactEmail: CONTACT_EMAIL });
    const { links } = await checkInBrowser(mail);
    expect(links).toContain(unsubscribe);
    expect(mail.text).toContain(unsubscribe);
  });

  it("a recovery email shows the cart's pictures, restores the cart and unsubscribes", async () => {
    const candle = await addProduct(t, { name: `Scarce Candle ${Math.random()}`, priceCents: 1500, stockQuantity: 3 });
    const cart = await cartWith(t, { [candle]: 2 });
    await t.http.patch(`/api/cart/${cart.id}/contact`).send({ name: 'Mina Harker', email: 'mina.cart@example.com' }).expect(200);
    const { state } = await t.app.get(Carts).load(cart.id);
    if (!state.exists) throw new Error('The cart was not made');
    const links = t.app.get(RecoveryLinks);
    const lineImages = await emailImageUrls(
      t.app.get(Products),
      PUBLIC_URL,
      state.lines.map((l) => l.productId),
    );
    const [restoreUrl, unsubscribeUrl] = [links.restoreUrl(cart.id), links.unsubscribeUrl(cart.id, 'mina.cart@example.com')];
    for (const step of [1, 2, 3]) {
      const mail = await recoveryEmail({
        messageKey: `${cart.id}-${step}`,
        step,
        to: 'mina.cart@example.com',
        name: 'Mina Harker',
        lines: state.lines,
        lineImages,
        shop: { publicUrl: PUBLIC_URL, contactEmail: CONTACT_EMAIL },
        restoreUrl,
        unsubscribeUrl,
      });
      const checked = await checkInBrowser(mail);
      expect(checked.images).toBe(1);
      expect(checked.links).toEqual(expect.arrayContaining([restoreUrl, unsubscribeUrl]));
      expect(mail.text).toContain(restoreUrl);
    }
  });
});
