import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEVELOPMENT_ADMIN } from '../../src/platform/config/app-config';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Behind a load balancer every request comes from the balancer's address: TRUST_PROXY says whose
 * forwarded client address to believe, so rate limits count each shopper, not the balancer.
 */
const BALANCER = '10.0.0.2';
const SHOPPER_A = '198.51.100.10';
const SHOPPER_B = '198.51.100.11';
const limits = { NEWSLETTER_RATE_LIMIT_MAX: '2', NEWSLETTER_RATE_LIMIT_WINDOW_SECONDS: '60' };

const subscribe = (t: TestApp, remoteAddress: string, forwardedFor: string | undefined, n: number) =>
  (t.app.getHttpAdapter().getInstance() as FastifyInstance).inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: `proxy${n}@example.com` },
  });

describe('with TRUST_PROXY set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...limits, TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => t.close());

  it('counts a rate limit per forwarded client behind the balancer', async () => {
    expect((await subscribe(t, BALANCER, SHOPPER_A, 1)).statusCode).toBe(200);
    expect((await subscribe(t, BALANCER, SHOPPER_A, 2)).statusCode).toBe(200);
    expect((await subscribe(t, BALANCER, SHOPPER_A, 3)).statusCode).toBe(429);

    // Another shopper through the same balancer has a counter of their own.
    expect((await subscribe(t, BALANCER, SHOPPER_B, 4)).statusCode).toBe(200);
  });

  it('believes only the entry the trusted proxy added, not what the client wrote before it', async () => {
    // Shopper A, limited above, claims another address in front of the one the balancer saw.
    expect((await subscribe(t, BALANCER, `203.0.113.99, ${SHOPPER_A}`, 5)).statusCode).toBe(429);
  });

  it('ignores a forwarded header from an address that is not a trusted proxy', async () => {
    const direct = '192.0.2.50';
    expect((await subscribe(t, direct, '203.0.113.1', 6)).statusCode).toBe(200);
    expect((await subscribe(t, direct, '203.0.113.2', 7)).statusCode).toBe(200);
    expect((await subscribe(t, direct, '203.0.113.3', 8)).statusCode).toBe(429);
  });
});

describe('with TRUST_PROXY a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...limits, TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('believes the entry the nearest hop added, and counts per forwarded client', async () => {
    expect((await subscribe(t, BALANCER, SHOPPER_A, 1)).statusCode).toBe(200);
    expect((await subscribe(t, BALANCER, `203.0.113.99, ${SHOPPER_A}`, 2)).statusCode).toBe(200);
    expect((await subscribe(t, BALANCER, SHOPPER_A, 3)).statusCode).toBe(429);
    expect((await subscribe(t, BALANCER, SHOPPER_B, 4)).statusCode).toBe(200);
  });
});

describe('with TRUST_PROXY unset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(limits);
  });
  afterAll(() => t.close());

  it('ignores the forwarded header: everyone behind one address shares its counter', async () => {
    expect((await subscribe(t, BALANCER, SHOPPER_A, 1)).statusCode).toBe(200);
    expect((await subscribe(t, BALANCER, SHOPPER_B, 2)).statusCode).toBe(200);
    expect((await subscribe(t, BALANCER, '198.51.100.12', 3)).statusCode).toBe(429);
  });
});

describe('the development stand-ins behind a trusted proxy', () => {
  let t: TestApp;
  let fastify: FastifyInstance;
  beforeAll(async () => {
    // NODE_ENV unset: the local sign-in is on, and answers only this machine.
    t = await startTestApp({ NODE_ENV: '', TRUST_PROXY: '1' });
    fastify = t.app.getHttpAdapter().getInstance() as FastifyInstance;
  });
  afterAll(() => t.close());

  const signIn = (remoteAddress: string, headers: InjectOptions['headers']) =>
    fastify.inject({ method: 'GET', url: `/api/auth/google?login_hint=${DEVELOPMENT_ADMIN}`, remoteAddress, headers });

  it('refuses a remote client even when a trusted hop says it forwarded for 127.0.0.1', async () => {
    for (const headers of [{ 'x-forwarded-for': '127.0.0.1' }, { 'x-forwarded-for': '::1' }, { forwarded: 'for=127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }]) {
      const res = await signIn('203.0.113.7', headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'DEVELOPMENT_ONLY' });
    }
  });

  it('refuses a remote client a proxy on this machine forwarded, whatever the client claimed before', async () => {
    expect((await signIn('127.0.0.1', { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' })).statusCode).toBe(403);
    expect((await signIn('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(403);
  });

  it('serves this machine, directly or through a proxy on it', async () => {
    expect((await signIn('127.0.0.1', {})).statusCode).toBe(302);
    expect((await signIn('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(302);
  });
});
