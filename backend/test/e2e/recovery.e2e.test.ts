import { AdminClient } from '../support/admin-client';
import { browserSuite } from '../support/browser';
import { waitForMail } from '../support/mailbox';
import { sql } from '../support/shop-fixtures';

// The worker finds the idle cart at once and sends the first email a second after; the later steps are far off.
const suite = browserSuite({ RECOVERY_SCAN_EVERY: '1s', RECOVERY_IDLE: '1s', RECOVERY_SEQUENCE: '1s,1h,2h', OUTBOX_RELAY_INTERVAL_MS: '200' });

describe('abandoned-cart recovery in a real browser', () => {
  it('follows the restore link from the email in a fresh browser, buys the cart, and the funnel counts it recovered with its revenue', async () => {
    const [t, page] = [suite.app(), suite.page()];
    // The cart is made elsewhere (another device); this browser has never seen it.
    const cart = await t.http
      .post('/api/cart')
      .send({ sessionId: `session_${Date.now()}_recovery_e2e` })
      .expect(201);
    await t.http.post(`/api/cart/${cart.body.id}/items`).send({ productId: 2, quantity: 1 }).expect(200);
    // As the cart page's contact step sends it (a checkout attempt: only such an address is written to).
    await t.http.patch(`/api/cart/${cart.body.id}/contact`).send({ name: 'Mina Harker', email: 'mina.returns@example.com', source: 'checkout' }).expect(200);

    const email = await waitForMail(t.dataDir, (m) => m.to === 'mina.returns@example.com', 20_000);
    // The link names the configured public address; the test's app listens on a port of its own.
    const link = new URL(/https?:\/\/[^\s"<>]+\/cart\/restore\?token=[^\s"<>]+/.exec(email.raw)![0]);
    await page.goto(`${t.baseUrl}${link.pathname}${link.search}`);

    await page.getByText('Welcome back: here is your cart, just as you left it.').waitFor();
    await page.getByRole('heading', { name: /Your Items/ }).waitFor();
    await page.getByText('Bat Wing Crop Tee').first().waitFor();
    // The token and the hand-over left the address bar; the page recorded the return, once.
    expect(new URL(page.url()).search).toBe('');
    const recovered = await sql<{ n: number }>(t, `select count(*)::int as n from events where stream_id = ? and type = 'CartRecovered'`, [`cart-${cart.body.id}`]);
    expect(recovered[0]!.n).toBe(1);

    const form = page.getByTestId('card-container');
    await form.getByLabel(/card number/i).fill('4111 1111 1111 1111');
    await form.getByLabel(/expiration/i).fill('12/34');
    await form.getByLabel(/cvv/i).fill('111');
    await form.getByLabel(/postal/i).fill('02139');
    await page.getByRole('button', { name: 'Complete Order - $32.00' }).click();
    await page.waitForURL(/\/order-confirmation\?order=/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();

    const admin = await AdminClient.signIn(t.baseUrl);
    const funnel = (await admin.get('/api/admin/recovery/funnel?days=30')).body;
    expect(funnel).toEqual({ days: 30, abandoned: 1, emailed: 1, recovered: 1, recoveredRevenue: '32.00' });
    const listed = (await admin.get('/api/admin/abandoned-carts')).body as { id: string; state: string }[];
    expect(listed.find((c) => c.id === cart.body.id)?.state).toBe('bought');

    // The studio's dashboard: the funnel above the list, the cart marked bought.
    await page.goto(`${t.baseUrl}/admin`);
    await page.getByRole('link', { name: 'Login with Google' }).click();
    await page.getByLabel('Email').fill('owner@darkcircle.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    const shown = page.getByTestId('recovery-funnel');
    await shown.getByText('$32.00').waitFor({ timeout: 30_000 });
    expect(await shown.innerText()).toMatch(/Abandoned\s+1[\s\S]*Emailed\s+1 \(100%\)[\s\S]*Recovered\s+1 \(100%\)/);
    const row = page.getByTestId('abandoned-cart').filter({ hasText: 'mina.returns@example.com' });
    expect(await row.getByTestId('recovery-state').innerText()).toBe('bought');
    expect(await row.innerText()).toMatch(/emails sent: 1 of 3/);
  });
});
