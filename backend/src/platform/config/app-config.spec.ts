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

  it("takes the shop's time zone as an IANA name, UTC by default, and the low-stock mark, 3 by default", () => {
    expect(loadSettings({})).toMatchObject({ SHOP_TIME_ZONE: 'UTC', LOW_STOCK_AT: 3 });
    expect(loadSettings({ SHOP_TIME_ZONE: 'America/New_York', LOW_STOCK_AT: '0' })).toMatchObject({ SHOP_TIME_ZONE: 'America/New_York', LOW_STOCK_AT: 0 });
    expect(() => loadSettings({ SHOP_TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(/SHOP_TIME_ZONE: must be an IANA time zone/);
    expect(() => loadSettings({ LOW_STOCK_AT: '-1' })).toThrow(/LOW_STOCK_AT/);
  });

  it('reads the settings of a shop run as several processes', () => {
    expect(loadSettings({})).toMatchObject({ DATABASE_POOL_MAX: 10, MIGRATE_ON_START: true, CHANGE_FEED_CHECK_EVERY_MS: 5000, shutdownDrainMs: 0 });
    expect(loadSettings({}).TRUST_PROXY).toBeUndefined();
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop', REDIS_URL: 'redis://cache:6379', ...realSquare, ...realGoogle, ...realLinks };
    expect(loadSettings(production).shutdownDrainMs).toBe(5000);
    expect(loadSettings({ ...production, SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(loadSettings({ DATABASE_POOL_MAX: '3', MIGRATE_ON_START: 'false', TRUST_PROXY: '2' })).toMatchObject({ DATABASE_POOL_MAX: 3, MIGRATE_ON_START: false, TRUST_PROXY: 2 });
    expect(loadSettings({ TRUST_PROXY: '10.0.0.0/8, 172.16.0.0/12' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '172.16.0.0/12']);
    expect(() => loadSettings({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY: must be a hop count/);
    expect(() => loadSettings({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadSettings({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it("sets how far the heap grows before V8's next full collection: 300% by default, 0 for V8's own choice", () => {
    expect(loadSettings({}).HEAP_GROWTH_PERCENT).toBe(300);
    expect(loadSettings({ HEAP_GROWTH_PERCENT: '0' }).HEAP_GROWTH_PERCENT).toBe(0);
    expect(() => loadSettings({ HEAP_GROWTH_PERCENT: '-5' })).toThrow(/HEAP_GROWTH_PERCENT/);
    expect(() => loadSettings({ HEAP_GROWTH_PERCENT: 'lots' })).toThrow(/HEAP_GROWTH_PERCENT/);
  });

  it("counts an IPv6 client by its address's first 64 bits unless RATE_LIMIT_IPV6_PREFIX says otherwise (0 to 128)", () => {
    expect(loadSettings({}).RATE_LIMIT_IPV6_PREFIX).toBe(64);
    expect(loadSettings({ RATE_LIMIT_IPV6_PREFIX: '' }).RATE_LIMIT_IPV6_PREFIX).toBe(64);
    expect(loadSettings({ RATE_LIMIT_IPV6_PREFIX: '0' }).RATE_LIMIT_IPV6_PREFIX).toBe(0);
    expect(loadSettings({ RATE_LIMIT_IPV6_PREFIX: '128' }).RATE_LIMIT_IPV6_PREFIX).toBe(128);
    for (const bad of ['129', '-1', '48.5', '/64']) expect(() => loadSettings({ RATE_LIMIT_IPV6_PREFIX: bad })).toThrow(/RATE_LIMIT_IPV6_PREFIX/);
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

  it('keeps uploads in the local folder unless S3_BUCKET names a bucket, and names each S3 setting missing from a combination', () => {
    expect(loadSettings({})).toMatchObject({ s3: null, uploadsUrl: '/uploads' });
    expect(loadSettings({ S3_BUCKET: 'dc-uploads', S3_REGION: 'eu-west-1' }).s3).toEqual({
      bucket: 'dc-uploads',
      region: 'eu-west-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    const minio = { S3_BUCKET: 'dc-uploads', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadSettings(minio).s3).toEqual({
      bucket: 'dc-uploads',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(loadSettings({ ...minio, UPLOADS_PUBLIC_URL: 'https://cdn.example/shop/' }).uploadsUrl).toBe('https://cdn.example/shop');

    expect(() => loadSettings({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      /S3_BUCKET: is required when S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set/,
    );
    expect(() => loadSettings({ S3_BUCKET: 'dc-uploads' })).toThrow(/S3_REGION: is required for AWS S3/);
    expect(() => loadSettings({ ...minio, S3_SECRET_ACCESS_KEY: undefined })).toThrow(/S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID/);
    expect(() => loadSettings({ ...minio, S3_ACCESS_KEY_ID: '' })).toThrow(/S3_ACCESS_KEY_ID: is required with S3_SECRET_ACCESS_KEY/);
    expect(() => loadSettings({ ...minio, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadSettings({ ...minio, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadSettings({ ...minio, S3_FORCE_PATH_STYLE: 'sometimes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadSettings({ UPLOADS_PUBLIC_URL: 'cdn.example' })).toThrow(/UPLOADS_PUBLIC_URL/);

    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop', REDIS_URL: 'redis://cache:6379', ...realSquare, ...realGoogle, ...realLinks };
    expect(() => loadSettings({ ...production, ...minio })).toThrow(/S3_ENDPOINT: must be https:\/\/ in production/);
    expect(() => loadSettings({ ...production, ...minio, S3_ENDPOINT: 'https://minio.example', UPLOADS_PUBLIC_URL: 'http://cdn.example' })).toThrow(
      /UPLOADS_PUBLIC_URL: must be https:\/\/ in production/,
    );
    expect(() => loadSettings({ ...production, ...minio, S3_ENDPOINT: 'https://minio.example', UPLOADS_PUBLIC_URL: 'https://cdn.example' })).not.toThrow();
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

  it('serves the apps from Vite only when npm run dev asks, and never in production', () => {
    expect(loadSettings({}).DEV_SERVER).toBe(false);
    expect(loadSettings({ DEV_SERVER: 'true' }).DEV_SERVER).toBe(true);
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop', REDIS_URL: 'redis://cache:6379', ...realSquare, ...realGoogle, ...realLinks };
    expect(() => loadSettings({ ...production, DEV_SERVER: 'true' })).toThrow(/DEV_SERVER: is for development only/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadSettings({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});

describe('recovery durations', () => {
  it('reads s, m, h and d, with the older minutes setting still working', () => {
    const s = loadSettings({ RECOVERY_IDLE: '90s', RECOVERY_SCAN_EVERY: '2m', RECOVERY_SEQUENCE: '1h,24h,3d' });
    expect(s).toMatchObject({ recoveryIdleMs: 90_000, RECOVERY_SCAN_EVERY: 120_000, RECOVERY_SEQUENCE: [3_600_000, 86_400_000, 259_200_000] });
    expect(loadSettings({ RECOVERY_IDLE_MINUTES: '30' }).recoveryIdleMs).toBe(1_800_000);
    expect(loadSettings({}).recoveryIdleMs).toBe(3_600_000);
    expect(loadSettings({}).RECOVERY_SEQUENCE).toEqual([3_600_000, 86_400_000, 259_200_000]);
    expect(loadSettings({}).RECOVERY_LINK_DAYS).toBe(14);
  });

  it('names a bad duration or a sequence out of order', () => {
    expect(() => loadSettings({ RECOVERY_IDLE: '10 minutes' })).toThrow(/RECOVERY_IDLE: must be a duration/);
    expect(() => loadSettings({ RECOVERY_SEQUENCE: '24h,1h' })).toThrow(/RECOVERY_SEQUENCE: must be durations in increasing order/);
    expect(() => loadSettings({ RECOVERY_SEQUENCE: '1h,,2h' })).toThrow(/RECOVERY_SEQUENCE/);
  });
});

describe('stock push durations', () => {
  it('sweeps after 2 minutes and alerts after 10 by default, and reads durations', () => {
    expect(loadSettings({})).toMatchObject({ STOCK_PUSH_SWEEP_AFTER: 120_000, STOCK_PUSH_ALERT_AFTER: 600_000 });
    expect(loadSettings({ STOCK_PUSH_SWEEP_AFTER: '30s', STOCK_PUSH_ALERT_AFTER: '1h' })).toMatchObject({ STOCK_PUSH_SWEEP_AFTER: 30_000, STOCK_PUSH_ALERT_AFTER: 3_600_000 });
    expect(() => loadSettings({ STOCK_PUSH_SWEEP_AFTER: '2 minutes' })).toThrow(/STOCK_PUSH_SWEEP_AFTER: must be a duration/);
  });
});
