import { browserSuite } from '../support/browser';
import { InstagramGraphStub, startInstagramGraphStub } from '../support/instagram-graph-stub';
import { sentMail } from '../support/mailbox';

let stub: InstagramGraphStub;
beforeAll(async () => {
  stub = await startInstagramGraphStub();
});
afterAll(() => stub.close());

const suite = browserSuite(() => ({
  INSTAGRAM_ACCESS_TOKEN: 'IGQV-test-token',
  INSTAGRAM_GRAPH_URL: stub.url,
  CONTACT_EMAIL: 'studio@darkcircle.example',
  INSTAGRAM_URL: 'https://www.instagram.com/thedarkcircle',
  EVENTS_VIDEO_URL: 'https://video.example/events.mp4',
  EVENTS_VIDEO_POSTER_URL: '/images/products/raven.svg',
  OUTBOX_RELAY_INTERVAL_MS: '200',
  NEWSLETTER_RATE_LIMIT_MAX: '50',
}));

describe('the home page in a real browser', () => {
  it('subscribes to the newsletter, flips to the thank-you side, and back for another email', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(t.baseUrl);
    const card = page.getByTestId('newsletter-card');
    const email = card.getByLabel('Email address');
    const submit = card.getByRole('button', { name: 'Subscribe' });
    await email.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await card.getByText('DARKCIRCLE10').first().waitFor();

    await email.fill('Lilith@Example.com');
    // Enabled once the prerendered page has come alive, whenever that is.
    await card.locator('button[type="submit"]:not([disabled])').waitFor();
    await submit.click();

    await page.getByText('Welcome to the Dark Circle!').waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="newsletter-card"][data-flipped="true"]').waitFor();
    await card.getByRole('heading', { name: 'Thank you!' }).waitFor();

    // The welcome email goes out through the worker.
    const deadline = Date.now() + 30_000;
    while (!(await sentMail(t.dataDir)).some((m) => m.to === 'lilith@example.com') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect((await sentMail(t.dataDir)).filter((m) => m.to === 'lilith@example.com')).toHaveLength(1);

    await card.getByRole('button', { name: 'Subscribe another email' }).click();
    await page.locator('[data-testid="newsletter-card"][data-flipped="false"]').waitFor();
    expect(await email.inputValue()).toBe('');
    expect(await card.getByRole('button', { name: 'Subscribe' }).isDisabled()).toBe(true);
  });

  it('keeps an address typed before the prerendered page came alive', async () => {
    const [t, page] = [suite.app(), suite.page()];
    // The storefront's script is held back until the shopper has typed.
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto(t.baseUrl, { waitUntil: 'commit' });
    const card = page.getByTestId('newsletter-card');
    await card.getByLabel('Email address').fill('raven@example.com');
    release();
    await card.locator('button[type="submit"]:not([disabled])').waitFor();
    expect(await card.getByLabel('Email address').inputValue()).toBe('raven@example.com');
  });

  it('shows a clear message when the address is refused', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(t.baseUrl);
    const card = page.getByTestId('newsletter-card');
    // The browser's own check passes this one; the server's does not.
    await card.getByLabel('Email address').fill('raven@localhost');
    await card.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Something went wrong').waitFor({ timeout: 20_000 });
    await page.getByText('Please enter a valid email address.').waitFor();
    expect(await card.getAttribute('data-flipped')).toBe('false');
  });

  it('shows exactly the first 5 Instagram posts, each linking to its post, with marks for videos and albums', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(t.baseUrl);
    const strip = page.getByRole('region', { name: 'Latest from our Instagram' });
    await strip.locator('a.social-post').first().waitFor({ timeout: 20_000 });
    const posts = strip.locator('a.social-post');
    expect(await posts.count()).toBe(5);
    expect(await posts.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      'https://www.instagram.com/p/p1/',
      'https://www.instagram.com/reel/p2/',
      'https://www.instagram.com/p/p3/',
      'https://www.instagram.com/p/p4/',
      'https://www.instagram.com/p/p5/',
    ]);
    // The video shows its thumbnail, not the film, under a play mark; the album has a stack mark.
    const video = strip.locator('a[data-media-type="VIDEO"]');
    expect(await video.locator('img').getAttribute('src')).toMatch(/\/images\/products\/skull\.svg$/);
    expect(await video.getByTestId('mark-play').count()).toBe(1);
    expect(await strip.locator('a[data-media-type="CAROUSEL_ALBUM"]').getByTestId('mark-stack').count()).toBe(1);
    expect(await strip.locator('img[loading="lazy"]').count()).toBe(5);
    await strip.getByRole('link', { name: '@thedarkcircle' }).waitFor();
  });

  it('plays the events film and shows the footer links from configuration and the policy pages', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await page.goto(t.baseUrl);
    const video = page.getByTestId('events-video');
    await video.waitFor({ timeout: 20_000 });
    expect(await video.getAttribute('poster')).toBe('/images/products/raven.svg');
    expect(await video.locator('source').getAttribute('src')).toBe('https://video.example/events.mp4');

    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'studio@darkcircle.example' }).waitFor();
    expect(await footer.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe('https://www.instagram.com/thedarkcircle');
    expect(await footer.getByRole('link', { name: 'Facebook' }).count()).toBe(0);

    await footer.getByRole('link', { name: 'Shipping' }).click();
    await page.waitForURL(/\/shipping$/);
    await page.getByRole('heading', { name: 'Shipping & Pickup' }).waitFor();
    await page.getByText('$5.00 flat').waitFor();
    await page.getByText('United States only').waitFor();
    for (const [path, heading] of [
      ['/privacy', 'Privacy'],
      ['/terms', 'Terms of Sale'],
    ]) {
      const res = await page.goto(`${t.baseUrl}${path}`);
      expect(res?.status()).toBe(200);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    }
  });
});

describe('DARKCIRCLE10 at checkout in a real browser', () => {
  it('applies the code for a subscriber, charges 10% less and shows the discount on the confirmation', async () => {
    const [t, page] = [suite.app(), suite.page()];
    await t.http.post('/api/newsletter/subscribe').send({ email: 'carmilla@example.com', name: null }).expect(200);

    // The Raven hoodie is 68.00: 6.80 off, pickup, 61.20 to pay.
    await page.goto(`${t.baseUrl}/product/1`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('has been added to your cart.').waitFor();
    await page.goto(`${t.baseUrl}/cart`);
    await page.getByRole('heading', { name: /Your Items/ }).waitFor();
    await page.getByLabel('Name').fill('Carmilla Karnstein');
    await page.getByLabel('Email').fill('carmilla@example.com');

    const code = page.getByLabel('Discount code');
    await code.fill('NOTACODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('discount-status').filter({ hasText: 'NOTACODE is not a valid discount code.' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('order-total').innerText()).toBe('$68.00');

    await code.fill('darkcircle10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('discount-status').filter({ hasText: 'DARKCIRCLE10: 10% off your items.' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('order-discount').innerText()).toBe('-$6.80');
    expect(await page.getByTestId('order-total').innerText()).toBe('$61.20');

    const form = page.getByTestId('card-container');
    await form.getByLabel(/card number/i).fill('4111 1111 1111 1111');
    await form.getByLabel(/expiration/i).fill('12/34');
    await form.getByLabel(/cvv/i).fill('111');
    await form.getByLabel(/postal/i).fill('02139');
    await page.getByRole('button', { name: 'Complete Order - $61.20' }).click();

    await page.waitForURL(/\/order-confirmation\?order=/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    expect(await page.getByTestId('receipt-discount').innerText()).toBe('-$6.80');
    expect(await page.getByTestId('receipt-total').innerText()).toBe('$61.20');
    const charged = t.square.payments().filter((p) => p.buyer_email_address === 'carmilla@example.com' && p.status === 'COMPLETED');
    expect(charged.map((p) => Number(p.amount_money?.amount))).toEqual([6120]);
  });
});
