import { CookieJar, signInAs } from '../support/sign-in';
import { startTestApp, TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const userOf = (jar: CookieJar, app = t) => jar.fetch(`${app.baseUrl}/api/auth/user`);

describe('Google sign-in through the local provider', () => {
  it('signs an admin in with a server-side session in an HttpOnly, SameSite=Lax cookie', async () => {
    const jar = new CookieJar();
    const start = await jar.fetch(`${t.baseUrl}/api/auth/google?login_hint=owner%40darkcircle.test&returnTo=%2Finventory`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.pathname).toBe('/authorize');
    expect(authorize.searchParams.get('login_hint')).toBe('owner@darkcircle.test');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/api/auth/google/callback`);
    expect(authorize.searchParams.get('state')).toBeTruthy();

    const back = await jar.fetch(authorize.href);
    const callback = await jar.fetch(back.headers.get('location')!);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/inventory');
    const sessionCookie = callback.headers.getSetCookie().find((c) => c.startsWith('dc_session='))!;
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);
    expect(sessionCookie).not.toMatch(/Secure/);

    const me = await userOf(jar);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ id: expect.stringMatching(/^local-/), email: 'owner@darkcircle.test', name: 'Owner', isAdmin: true });
  });

  it('signs another email in as a non-admin, who gets 403 from admin routes', async () => {
    const jar = await signInAs(t.baseUrl, 'shopper@example.com');
    expect(await (await userOf(jar)).json()).toMatchObject({ email: 'shopper@example.com', isAdmin: false });
    const refused = await jar.fetch(`${t.baseUrl}/api/admin/products`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ statusCode: 403, code: 'NOT_ADMIN' });
  });

  it('answers 401 to a caller who is not signed in, and to a made-up session', async () => {
    const anonymous = await userOf(new CookieJar());
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ statusCode: 401, code: 'SIGN_IN_REQUIRED' });
    const forged = new CookieJar();
    forged.set('dc_session', 'made-up-token');
    expect((await userOf(forged)).status).toBe(401);
  });

  it('renews the session id at sign-in: the token held before is dead afterwards', async () => {
    const jar = await signInAs(t.baseUrl, 'owner@darkcircle.test');
    const before = jar.get('dc_session')!;
    await signInAs(t.baseUrl, 'owner@darkcircle.test', jar);
    const after = jar.get('dc_session')!;
    expect(after).not.toBe(before);
    const stale = new CookieJar();
    stale.set('dc_session', before);
    expect((await userOf(stale)).status).toBe(401);
    expect((await userOf(jar)).status).toBe(200);
  });

  it('refuses a callback this browser did not start (state mismatch) and signs no one in', async () => {
    const victim = new CookieJar();
    const attacker = new CookieJar();
    const start = await attacker.fetch(`${t.baseUrl}/api/auth/google?login_hint=mallory%40example.com`);
    const back = await attacker.fetch(start.headers.get('location')!);
    // The attacker's callback address, opened in the victim's browser.
    const { visited } = await victim.follow(back.headers.get('location')!);
    expect(visited.at(-1)).toBe(`${t.baseUrl}/admin?signin=failed`);
    expect(victim.get('dc_session')).toBeUndefined();
  });

  it('shows the local account picker when no account is named', async () => {
    const page = await fetch(`${t.baseUrl}/api/auth/google`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="login_hint"');
    expect(html).toContain('owner@darkcircle.test');
  });

  it('refuses a sign-out from a foreign Origin, then signs out from the shop itself', async () => {
    const jar = await signInAs(t.baseUrl, 'owner@darkcircle.test');
    const foreign = await jar.fetch(`${t.baseUrl}/api/auth/logout`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ code: 'ORIGIN_REFUSED' });
    expect((await userOf(jar)).status).toBe(200);

    const own = await jar.fetch(`${t.baseUrl}/api/auth/logout`, { method: 'POST', headers: { origin: t.baseUrl } });
    expect(own.status).toBe(200);
    expect(jar.get('dc_session')).toBeUndefined();
    expect((await userOf(jar)).status).toBe(401);
  });

  it('keeps a session across an API restart and on a second API process', async () => {
    const first = await startTestApp({}, { shareDatabaseOf: t });
    const jar = await signInAs(first.baseUrl, 'owner@darkcircle.test');
    await first.close();
    const second = await startTestApp({}, { shareDatabaseOf: t });
    try {
      const me = await userOf(jar, second);
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: 'owner@darkcircle.test', isAdmin: true });
      expect((await userOf(jar, t)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
