import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Browser, Page } from 'playwright-core';
import { SquareError } from 'square';
import { EMULATOR_APPLICATION_ID, EMULATOR_LOCATION_ID } from '../../src/stand-ins';
import { launchBrowser } from '../support/chromium';
import { FUTURE_YEAR, FUTURE_YY, startTestEmulator } from '../support/square-emulator';

declare global {
  interface Window {
    card: { attach(target: string | HTMLElement): Promise<void>; tokenize(): Promise<any>; destroy(): Promise<boolean> };
    violations: string[];
  }
}

/**
 * The card form stand-in in a real browser, on a page of another origin whose Content-Security-Policy
 * allows no inline styles or eval (as the shop's does): only the emulator's script and calls to it.
 */
describe('the card form stand-in (/v1/square.js) in a real browser', () => {
  let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
  let shop: Server;
  let shopUrl: string;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    emulator = await startTestEmulator();
    shop = createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'self'; script-src 'self' ${emulator.url}; connect-src 'self' ${emulator.url}; style-src 'self'; img-src 'self'`,
      });
      res.end(`<!doctype html><html><head><title>Checkout</title><script src="${emulator.url}/v1/square.js"></script></head><body><h1>Pay</h1><div id="card-container"></div></body></html>`);
    });
    await new Promise<void>((done) => shop.listen(0, '127.0.0.1', done));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/checkout`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => shop?.close(done));
    await emulator?.close();
    await emulator?.removeData();
  });
  beforeEach(async () => {
    pageErrors = [];
    page = await browser.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(shopUrl);
    await page.evaluate(
      async ([applicationId, locationId]) => {
        window.violations = [];
        document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
        window.card = await (window as any).Square.payments(applicationId, locationId).card();
        await window.card.attach('#card-container');
      },
      [EMULATOR_APPLICATION_ID, EMULATOR_LOCATION_ID],
    );
    await page.getByLabel('Card number').waitFor({ timeout: 15000 });
  });
  afterEach(async () => {
    expect(await page.evaluate(() => window.violations)).toEqual([]);
    await page.close();
    expect(pageErrors).toEqual([]);
  });

  const fill = async (card: { number: string; expiry?: string; cvv?: string; postal?: string }) => {
    await page.getByLabel('Card number').fill(card.number);
    await page.getByLabel('Expiration (MM/YY)').fill(card.expiry ?? `12/${FUTURE_YY}`);
    await page.getByLabel('CVV').fill(card.cvv ?? '111');
    await page.getByLabel('Postal code').fill(card.postal ?? '12345');
  };
  const tokenize = () => page.evaluate(() => window.card.tokenize());
  const pay = (token: string) => emulator.client.payments.create({ idempotencyKey: token.slice(5, 40), sourceId: token, amountMoney: { amount: 3200n, currency: 'USD' } });

  it('tokenizes the Visa test card into a cnon: token that pays once', async () => {
    await fill({ number: '4111 1111 1111 1111' });
    expect(await page.getByLabel('Card number').inputValue()).toBe('4111 1111 1111 1111');
    const result = await tokenize();
    expect(result).toEqual({
      status: 'OK',
      token: expect.stringMatching(/^cnon:[A-Za-z0-9]+$/),
      details: { card: { brand: 'VISA', last4: '1111', expMonth: 12, expYear: FUTURE_YEAR }, method: 'Card', billing: { postalCode: '12345' } },
    });
    const { payment } = await pay(result.token);
    expect(payment).toMatchObject({ status: 'COMPLETED', cardDetails: { card: { cardBrand: 'VISA', last4: '1111' } } });
    const again = await emulator.client.payments.create({ idempotencyKey: 'second-use', sourceId: result.token, amountMoney: { amount: 3200n, currency: 'USD' } }).catch((e: unknown) => e);
    expect((again as SquareError).errors[0].code).toBe('CARD_TOKEN_USED');
  });

  it('answers Invalid with a field error for a number that fails the Luhn check, and shows it', async () => {
    await fill({ number: '4111 1111 1111 1112', expiry: '13/30' });
    const result = await tokenize();
    expect(result).toEqual({
      status: 'Invalid',
      errors: [
        { type: 'VALIDATION_ERROR', field: 'cardNumber', message: 'Card number is not valid.' },
        { type: 'VALIDATION_ERROR', field: 'expirationDate', message: 'Expiration date must be MM/YY.' },
      ],
    });
    await page.getByText('Card number is not valid.').waitFor();
    expect(await page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('CVV').getAttribute('aria-invalid')).toBe('false');

    // Typing again clears the message; a fixed card then tokenizes.
    await fill({ number: '4111111111111111' });
    await page.getByText('Card number is not valid.').waitFor({ state: 'detached' });
    expect((await tokenize()).status).toBe('OK');
  });

  it('throws when attached twice or after destroy, and destroy removes the form', async () => {
    const twice = await page.evaluate(() =>
      window.card.attach('#card-container').then(
        () => 'attached',
        (e: Error) => e.name,
      ),
    );
    expect(twice).toBe('PaymentMethodAlreadyAttachedError');
    expect(await page.evaluate(() => window.card.destroy())).toBe(true);
    await page.getByLabel('Card number').waitFor({ state: 'detached' });
    const afterDestroy = await page.evaluate(() =>
      window.card.attach('#card-container').then(
        () => 'attached',
        (e: Error) => e.name,
      ),
    );
    expect(afterDestroy).toBe('PaymentMethodAlreadyDestroyedError');
  });

  it('mints a token that fails with CVV_FAILURE for CVV 911, and one that is declined for 4000 0000 0000 0002', async () => {
    await fill({ number: '4111 1111 1111 1111', cvv: '911' });
    const cvv = await tokenize();
    expect(cvv.status).toBe('OK');
    const cvvError = (await pay(cvv.token).catch((e: unknown) => e)) as SquareError;
    expect(cvvError.statusCode).toBe(402);
    expect(cvvError.errors[0]).toMatchObject({ category: 'PAYMENT_METHOD_ERROR', code: 'CVV_FAILURE' });

    await fill({ number: '4000 0000 0000 0002' });
    const declined = await tokenize();
    expect(((await pay(declined.token).catch((e: unknown) => e)) as SquareError).errors[0].code).toBe('GENERIC_DECLINE');
  });

  it('is usable from the keyboard alone', async () => {
    await page.getByLabel('Card number').focus();
    await page.keyboard.type('5105105105105100');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`07${FUTURE_YY}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('111');
    await page.keyboard.press('Tab');
    await page.keyboard.type('90210');
    expect(await page.getByLabel('Expiration (MM/YY)').inputValue()).toBe(`07/${FUTURE_YY}`);
    expect(await tokenize()).toMatchObject({ status: 'OK', details: { card: { brand: 'MASTERCARD', last4: '5100', expMonth: 7, expYear: FUTURE_YEAR } } });
  });

  it('refuses a malformed or production application id synchronously', async () => {
    const refusals = await page.evaluate(() =>
      ['not-an-id', 'sq0idp-production-id', ''].map((id) => {
        try {
          (window as any).Square.payments(id, 'L1');
          return 'accepted';
        } catch (e) {
          return (e as Error).name;
        }
      }),
    );
    expect(refusals).toEqual(['InvalidApplicationIdError', 'ApplicationIdEnvironmentMismatchError', 'InvalidApplicationIdError']);
  });
});
