import { contentSecurityPolicy, securityHeaders } from '../../src/site';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const directives = (header: string) =>
  Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  it.each(['/', '/cart', '/admin', '/api/products', '/api/cart/no-such-session-0000'])('sends them on %s', async (path) => {
    const res = await t.http.get(path);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // Development and tests run over http: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(res.headers['content-security-policy']).not.toMatch(/unsafe-eval/);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
  });

  it('marks even a malformed URL, refused before routing, as not to be sniffed', async () => {
    const res = await t.http.get('/%E0%A4%A').expect(400);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("allows the emulator's origin for the card form in development", async () => {
    const config = await t.http.get('/api/square/config').expect(200);
    const origin = new URL(config.body.webSdkUrl).origin;
    const csp = directives((await t.http.get('/')).headers['content-security-policy']);
    for (const directive of ['script-src', 'connect-src', 'frame-src']) expect(csp[directive]).toEqual(["'self'", origin]);
  });
});

describe('the policy for Square itself', () => {
  const square = (environment: 'sandbox' | 'production') => ({ environment, emulated: false, webSdkUrl: '', baseUrl: '' });

  it("allows production Square's script, API and frames, and upgrades insecure requests", () => {
    const csp = contentSecurityPolicy(square('production'), true);
    expect(csp['script-src']).toEqual(["'self'", 'https://web.squarecdn.com', 'https://js.squareup.com']);
    expect(csp['connect-src']).toContain('https://pci-connect.squareup.com');
    expect(csp['frame-src']).toContain('https://web.squarecdn.com');
    expect(csp).toHaveProperty('upgrade-insecure-requests');
    expect(JSON.stringify(csp)).not.toMatch(/sandbox/);
  });

  it('asks browsers to keep to https in production only', () => {
    const settings = { ...square('production'), accessToken: 'x', applicationId: 'a', locationId: 'l', timeoutMs: 1000 };
    expect(securityHeaders(settings, true)['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(securityHeaders(settings, false)).not.toHaveProperty('strict-transport-security');
  });

  it("allows the sandbox's origins, not production's", () => {
    const csp = contentSecurityPolicy(square('sandbox'), false);
    expect(csp['script-src']).toEqual(["'self'", 'https://sandbox.web.squarecdn.com', 'https://js.squareupsandbox.com']);
    expect(csp['connect-src']).toContain('https://pci-connect.squareupsandbox.com');
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  });

  it("allows inline scripts (React's hot-reload preamble) only under npm run dev, never in production", () => {
    const inline = (production: boolean, devServer: boolean) => contentSecurityPolicy(square('sandbox'), production, undefined, devServer)['script-src'].includes("'unsafe-inline'");
    expect(inline(false, true)).toBe(true);
    expect(inline(false, false)).toBe(false);
    expect(inline(true, true)).toBe(false);
    expect(contentSecurityPolicy(square('sandbox'), false, undefined, true)['script-src']).not.toContain("'unsafe-eval'");
  });
});
