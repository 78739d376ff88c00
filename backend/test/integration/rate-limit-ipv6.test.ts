import type { FastifyInstance } from 'fastify';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * One household or server is handed a whole IPv6 /64 and may send each request from a new address
 * in it: the rate limits count an IPv6 client by its prefix (RATE_LIMIT_IPV6_PREFIX, 64 by
 * default), an IPv4 client by its address, and an IPv4-mapped IPv6 address as the IPv4 one. Behind
 * a balancer (TRUST_PROXY), from the forwarded client address.
 */
const BALANCER = '10.0.0.2';
const limits = {
  TRUST_PROXY: '10.0.0.0/8',
  NEWSLETTER_RATE_LIMIT_MAX: '5',
  NEWSLETTER_RATE_LIMIT_WINDOW_SECONDS: '60',
  BACK_IN_STOCK_RATE_LIMIT_MAX: '5',
  BACK_IN_STOCK_RATE_LIMIT_WINDOW_SECONDS: '60',
};

let n = 0;
const call = (t: TestApp, url: string, client: string) =>
  (t.app.getHttpAdapter().getInstance() as FastifyInstance).inject({
    method: 'POST',
    url,
    remoteAddress: BALANCER,
    headers: { 'x-forwarded-for': client },
    payload: { email: `v6.${++n}@example.com` },
  });
const subscribe = async (t: TestApp, client: string) => (await call(t, '/api/newsletter/subscribe', client)).statusCode;
/** A product that does not exist: 404, but the limit counts the call first. */
const notify = async (t: TestApp, client: string) => (await call(t, '/api/products/999999/variants/999999-1/notify', client)).statusCode;
/** Twelve addresses of one /64, written as clients write them. */
const twelveOf = (prefix: string) => Array.from({ length: 12 }, (_, i) => `${prefix}:${(i + 1).toString(16)}:${i % 2 ? 'ABCD' : '0'}:0:${i * 7}`);

describe('with the default prefix (/64)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(limits);
  });
  afterAll(() => t.close());

  it('counts twelve addresses of one /64 as one client, on every limited route', async () => {
    const statuses = [];
    for (const address of twelveOf('2001:db8:1:2')) statuses.push(await subscribe(t, address));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    // Another /64 is another client.
    expect(await subscribe(t, '2001:db8:1:3::1')).toBe(200);

    const notified = [];
    for (const address of twelveOf('2001:db8:7:7')) notified.push(await notify(t, address));
    expect(notified).toEqual([404, 404, 404, 404, 404, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('counts an IPv4 client by its whole address, and an IPv4-mapped IPv6 address as that IPv4 address', async () => {
    for (const client of ['198.51.100.20', '::ffff:198.51.100.20', '198.51.100.20', '::FFFF:c633:6414', '198.51.100.20']) expect(await subscribe(t, client)).toBe(200);
    expect(await subscribe(t, '::ffff:198.51.100.20')).toBe(429);
    // Its neighbour is another client.
    expect(await subscribe(t, '198.51.100.21')).toBe(200);
  });
});

describe('with RATE_LIMIT_IPV6_PREFIX=56', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...limits, RATE_LIMIT_IPV6_PREFIX: '56' });
  });
  afterAll(() => t.close());

  it('counts the /64s of one /56 as one client, and another /56 apart', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await subscribe(t, `2001:db8:5:${(0x100 + i).toString(16)}::1`));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await subscribe(t, '2001:db8:5:200::1')).toBe(200);
  });
});
