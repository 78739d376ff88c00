import { ConfigError, loadSettings } from './app-config';

const realSquare = { SQUARE_ACCESS_TOKEN: 'EAAA-token', SQUARE_APPLICATION_ID: 'sq0idp-app', SQUARE_LOCATION_ID: 'L1' };
const realLinks = { PUBLIC_URL: 'https://shop.example', LINK_SECRET: 'x'.repeat(32) };

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
    expect(() => loadSettings({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop', REDIS_URL: 'redis://cache:6379', ...realSquare })).toThrow(
      /PUBLIC_URL: is required in production[\s\S]*LINK_SECRET: is required in production/,
    );
    expect(() => loadSettings({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop', REDIS_URL: 'redis://cache:6379', ...realSquare, ...realLinks })).not.toThrow();
  });

  it('seeds the demo catalogue by default, but not in production unless asked', () => {
    expect(loadSettings({}).seedDemoCatalog).toBe(true);
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop', REDIS_URL: 'redis://cache:6379', ...realSquare, ...realLinks };
    expect(loadSettings(production).seedDemoCatalog).toBe(false);
    expect(loadSettings({ ...production, SEED_DEMO_CATALOG: 'true' }).seedDemoCatalog).toBe(true);
    expect(loadSettings({ SEED_DEMO_CATALOG: 'false' }).seedDemoCatalog).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadSettings({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
