import { ConfigError, loadSettings } from './app-config';

const realSquare = { SQUARE_ACCESS_TOKEN: 'EAAA-token', SQUARE_APPLICATION_ID: 'sq0idp-app', SQUARE_LOCATION_ID: 'L1' };
const realLinks = { PUBLIC_URL: 'https://shop.example', LINK_SECRET: 'x'.repeat(32) };
const realGoogle = { GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret', ADMIN_EMAILS: 'studio@example.com' };

describe('settings', () => {
  it('runs on embedded defaults with nothing configured', () => {
    const s = loadSettings({});
    expect(s).toMatchObject({ NODE_ENV: 'development', PORT: 3000, redisUrl: 'redis://127.0.0.1:6379' });
    expect(s.DATABASE_URL).toBeUndefined();
  });

  it('names a bad setting', () => {
    expect(() => loadSettings({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadSettings({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadSettings({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('refuses to start production without a real database and Redis', () => {
    expect(() => loadSettings({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL: is required in production[\s\S]*REDIS_URL: is required in production/);
    expect(() => loadSettings({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop', REDIS_URL: 'redis://cache:6379' })).toThrow(
      /SQUARE_ACCESS_TOKEN: is required in production[\s\S]*SQUARE_APPLICATION_ID[\s\S]*SQUARE_LOCATION_ID/,
    );
    expect(() => loadSettings({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop', REDIS_URL: 'redis://cache:6379', ...realSquare, ...realGoogle })).toThrow(
      /PUBLIC_URL: is required in production[\s\S]*LINK_SECRET: is required in production/,
    );
    expect(() => loadSettings({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop', REDIS_URL: 'redis://cache:6379', ...realSquare, ...realGoogle, ...realLinks })).not.toThrow();
  });

  it('refuses to start production without Google sign-in or with the development admin', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop', REDIS_URL: 'redis://cache:6379', ...realSquare };
    expect(() => loadSettings(production)).toThrow(/GOOGLE_CLIENT_ID: is required in production[\s\S]*GOOGLE_CLIENT_SECRET[\s\S]*ADMIN_EMAILS/);
    expect(() => loadSettings({ ...production, ...realGoogle, ADMIN_EMAILS: 'studio@example.com, Owner@DarkCircle.test' })).toThrow(/ADMIN_EMAILS: must not name/);
  });

  it('reads the admins as a lower-case list, with the development admin by default', () => {
    expect(loadSettings({}).adminEmails).toEqual(['owner@darkcircle.test']);
    expect(loadSettings({ ADMIN_EMAILS: ' Ada@Example.com ,bo@example.com,' }).adminEmails).toEqual(['ada@example.com', 'bo@example.com']);
  });

  it('seeds the demo catalogue by default, but not in production unless asked', () => {
    expect(loadSettings({}).seedDemoCatalog).toBe(true);
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop', REDIS_URL: 'redis://cache:6379', ...realSquare, ...realGoogle, ...realLinks };
    expect(loadSettings(production).seedDemoCatalog).toBe(false);
    expect(loadSettings({ ...production, SEED_DEMO_CATALOG: 'true' }).seedDemoCatalog).toBe(true);
    expect(loadSettings({ SEED_DEMO_CATALOG: 'false' }).seedDemoCatalog).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadSettings({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
