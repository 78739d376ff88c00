import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEVELOPMENT_ADMIN } from '../../src/platform/config/app-config';
import { EMULATOR_WEBHOOK_SIGNATURE_KEY, webhookSignature } from '../../src/stand-ins';
import { SQUARE_WEBHOOKS_PATH } from '../../src/square/stock/square-webhooks';
import { CookieJar } from '../support/sign-in';
import { addProduct, cartWith } from '../support/shop-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * A deployment that forgot NODE_ENV runs as development: the local sign-in, the Square emulator and
 * the development link secret are on. They must answer only the machine itself.
 */
let t: TestApp;
let fastify: FastifyInstance;
beforeAll(async () => {
  // NODE_ENV left unset (blank counts as unset): the shop's default, development.
  t = await startTestApp({ NODE_ENV: '' });
  fastify = t.app.getHttpAdapter().getInstance() as FastifyInstance;
});
afterAll(() => t.close());

const OUTSIDE = '203.0.113.7';
const from = (remoteAddress: string, options: InjectOptions) => fastify.inject({ ...options, remoteAddress });
const signInStart = { method: 'GET' as const, url: `/api/auth/google?login_hint=${DEVELOPMENT_ADMIN}` };

describe('the development sign-in', () => {
  it('refuses a request from another machine, even one whose forwarded-for header claims loopback', async () => {
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }]) {
      const res = await from(OUTSIDE, { ...signInStart, headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'DEVELOPMENT_ONLY' });
    }
    const callback = await from(OUTSIDE, { method: 'GET', url: '/api/auth/google/callback?code=forged&state=x' });
    expect(callback.statusCode).toBe(403);
  });

  it('refuses a request a proxy on this machine forwarded for someone else', async () => {
    const res = await from('127.0.0.1', { ...signInStart, headers: { 'x-forwarded-for': OUTSIDE } });
    expect(res.statusCode).toBe(403);
  });

  it('serves the machine itself', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await from(address, signInStart);
      expect(res.statusCode).toBe(302);
    }
  });

  it('sends the admin back only to a path of this shop, even when the state cookie was changed in the browser', async () => {
    const jar = new CookieJar();
    const started = await jar.fetch(`${t.baseUrl}/api/auth/google?login_hint=${DEVELOPMENT_ADMIN}&returnTo=/inventory`);
    const [state] = jar.get('dc_oauth_state')!.split('.');
    jar.set('dc_oauth_state', `${state}.${Buffer.from('//evil.example/steal').toString('base64url')}`, '/api/auth');
    const { visited } = await jar.follow(started.headers.get('location')!);
    expect(visited.at(-1)).toBe(`${t.baseUrl}/admin`);
  });
});

describe('the Square emulator and the development link secret', () => {
  it('take no payment from another machine: nothing is charged', async () => {
    const id = await addProduct(t, { name: 'Remote Charm', priceCents: 1100, stockQuantity: 2 });
    const cart = await cartWith(t, { [id]: 1 });
    const body = { sourceId: 'cnon:card-nonce-ok', amountMoney: { amount: '1100', currency: 'USD' }, customerName: 'Mina', customerEmail: 'mina@example.com', cartId: cart.id };
    const res = await from(OUTSIDE, { method: 'POST', url: '/api/square/process-payment', payload: body });
    expect(res.statusCode).toBe(403);
    expect(t.square.payments()).toHaveLength(0);
    expect((await from('127.0.0.1', { method: 'POST', url: '/api/square/process-payment', payload: body })).json()).toMatchObject({ success: true });
  });

  it('believe no webhook signed with the development key from another machine: nothing changes', async () => {
    const id = await addProduct(t, { name: 'Remote Count', priceCents: 900, stockQuantity: 2 });
    const body = JSON.stringify({ event_id: 'remote-1', type: 'inventory.count.updated', data: { object: { inventory_counts: [] } } });
    const url = `http://localhost${SQUARE_WEBHOOKS_PATH}`;
    const headers = { 'content-type': 'application/json', host: 'localhost', 'x-square-hmacsha256-signature': webhookSignature(EMULATOR_WEBHOOK_SIGNATURE_KEY, url, body) };
    const outside = await from(OUTSIDE, { method: 'POST', url: SQUARE_WEBHOOKS_PATH, headers, payload: body });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'DEVELOPMENT_ONLY' });
    expect((await from('127.0.0.1', { method: 'POST', url: SQUARE_WEBHOOKS_PATH, headers, payload: body })).json()).toMatchObject({ received: true });
    expect((await t.http.get(`/api/products/${id}`).expect(200)).body.stockQuantity).toBe(2);
  });

  it('open no signed link from another machine', async () => {
    const res = await from(OUTSIDE, { method: 'GET', url: '/newsletter/unsubscribe?token=anything' });
    expect(res.statusCode).toBe(403);
    expect((await from('127.0.0.1', { method: 'GET', url: '/newsletter/unsubscribe?token=anything' })).statusCode).toBe(400);
    // The recovery email's links too: a restore link forged with the development secret opens no one's cart.
    for (const url of ['/cart/restore?token=anything', '/recovery/unsubscribe?token=anything']) {
      expect((await from(OUTSIDE, { method: 'GET', url })).statusCode).toBe(403);
      expect((await from('127.0.0.1', { method: 'GET', url })).statusCode).toBe(400);
    }
    expect((await from(OUTSIDE, { method: 'POST', url: '/recovery/unsubscribe', payload: { token: 'anything' } })).statusCode).toBe(403);
  });
});

describe('a shop with its real settings', () => {
  it('serves the sign-in to everyone: the guard stands aside', async () => {
    const real = await startTestApp({ NODE_ENV: '', GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' });
    try {
      const res = await (real.app.getHttpAdapter().getInstance() as FastifyInstance).inject({ ...signInStart, remoteAddress: OUTSIDE });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toMatch(/^https:\/\/accounts\.google\.com\//);
    } finally {
      await real.close();
    }
  });
});
