import { resolve } from 'node:path';
import { z } from 'zod';
import { parseDuration, parseDurationList } from './durations';
import type { S3Settings } from '../storage/s3-storage';
import { parseTrustProxy } from './trust-proxy';

const repoRoot = resolve(__dirname, '../../../..');

const port = z.coerce.number().int().min(0).max(65535);

/** A duration setting (`90s`, `5m`, `24h`, `2d`) as milliseconds. */
const duration = z.string().transform((text, ctx) => parseDuration(text) ?? (ctx.addIssue({ code: 'custom', message: 'must be a duration such as 90s, 5m, 24h or 2d' }), z.NEVER));

/** Every setting the shop reads from the environment, with its embedded default. */
const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /** A direct connection for LISTEN when DATABASE_URL goes through a transaction pooler; unset: DATABASE_URL. */
    LISTEN_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /** Connections each process's pool may open (the embedded database serves one). */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
    /** Apply pending migrations (and seed the demo catalogue) at start; off for replicas when `npm run migrate` runs as a job. */
    MIGRATE_ON_START: z.stringbool().default(true),
    /** How often the change feed sends itself a test notice through the pool, and how long it waits for it on its LISTEN connection. */
    CHANGE_FEED_CHECK_EVERY_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
    /** Which proxies' forwarded client addresses are believed: a hop count, or comma-separated addresses/CIDRs; unset: none. */
    TRUST_PROXY: z
      .string()
      .transform(
        (text, ctx) => parseTrustProxy(text) ?? (ctx.addIssue({ code: 'custom', message: 'must be a hop count (1) or comma-separated addresses/CIDRs (10.0.0.0/8,192.168.1.5)' }), z.NEVER),
      )
      .optional(),
    /** How far the heap may grow past the live size before V8's next full collection, in percent of it; 0: V8's own choice (see heap-growth.ts). */
    HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(1000).default(300),
    /** On SIGTERM, how long readiness answers 503 (so the load balancer stops sending) before the listener closes; unset: 5s in production, 0 outside it. */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    DATA_DIR: z.string().min(1).default(resolve(repoRoot, 'data')),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    /** BullMQ's (and the rate limits') key prefix; `{dc}` (a Redis Cluster hash tag) keeps every key in one slot. */
    QUEUE_PREFIX: z
      .string()
      .regex(/^(?:[\w-]+|\{[\w-]+\})$/, 'must be letters, digits, - and _ (dc), or that in braces as a Redis Cluster hash tag ({dc})')
      .default('dc'),
    OUTBOX_RELAY_INTERVAL_MS: z.coerce.number().int().min(0).default(500),
    /** A row that fails this many times for a reason other than Redis being away is parked as dead. */
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
    STOREFRONT_DIR: z.string().default(resolve(repoRoot, 'widgets/dist')),
    ADMIN_DIR: z.string().default(resolve(repoRoot, 'admin-web/dist')),
    /** `npm run dev` sets it: the storefront and the admin app from Vite's dev servers (hot reload) instead of their builds. */
    DEV_SERVER: z.stringbool().default(false),
    /** Comma-separated origins whose pages may embed the widgets (CORS); outside production the demo page's origin too. */
    WIDGET_ORIGINS: z
      .string()
      .refine((list) => parseOrigins(list).every(isOrigin), 'must be comma-separated origins such as https://studio.example (scheme, host and port only)')
      .optional(),
    /** The widget demo page's port (outside production); unset: PORT + 3. */
    WIDGET_DEMO_PORT: port.optional(),
    SEED_DEMO_CATALOG: z.stringbool().optional(),
    /** Serve the API description at /api/docs (and /api/docs-json); unset: yes outside production, no in it. */
    API_DOCS: z.stringbool().optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('The Dark Circle <studio@darkcircle.test>'),
    MAIL_DIR: z.string().min(1).optional(),
    /** A checkout left unfinished this long (its process died) is finished by the reconciliation job. */
    CHECKOUT_STALE_SECONDS: z.coerce.number().int().min(0).default(120),
    CHECKOUT_RECONCILE_EVERY_MS: z.coerce.number().int().min(0).default(30_000),
    /** Square: with no access token (outside production) the bundled sandbox emulator stands in. */
    SQUARE_ACCESS_TOKEN: z.string().min(1).optional(),
    SQUARE_APPLICATION_ID: z.string().min(1).optional(),
    SQUARE_LOCATION_ID: z.string().min(1).optional(),
    SQUARE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
    /** Overrides the environment's API address (a second process pointing at a running emulator). */
    SQUARE_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** The emulator's port; unset: PORT + 1. */
    SQUARE_EMULATOR_PORT: port.optional(),
    /** How long one call to Square may take before it is asked again with the same idempotency key. */
    SQUARE_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
    /** The signature key of the shop's Square webhook subscription (`POST /api/square/webhooks`); unset: the emulator's own, and no webhook is accepted from a real Square. */
    SQUARE_WEBHOOK_SIGNATURE_KEY: z.string().min(1).optional(),
    /** The shop's public address, for links in emails and the sign-in callback; unset: the address a request came in on. */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Google sign-in; without both (never in production) the bundled local provider stands in. */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** The local sign-in provider's port; unset: PORT + 2. */
    GOOGLE_EMULATOR_PORT: port.optional(),
    /** Comma-separated emails of the people who may use the admin app. */
    ADMIN_EMAILS: z.string().optional(),
    /** A cart with items and an email, idle this long, is recorded abandoned (`90s`, `60m`, `24h`, `2d`). */
    RECOVERY_IDLE: duration.optional(),
    /** The older form of RECOVERY_IDLE, in minutes; read when RECOVERY_IDLE is unset. */
    RECOVERY_IDLE_MINUTES: z.coerce.number().int().min(1).optional(),
    /** How often the worker looks for idle carts to record abandoned. */
    RECOVERY_SCAN_EVERY: duration.default(300_000),
    /** Each recovery email's delay after the abandonment, in order. */
    RECOVERY_SEQUENCE: z
      .string()
      .transform((text, ctx) => parseDurationList(text) ?? (ctx.addIssue({ code: 'custom', message: 'must be durations in increasing order such as 1h,24h,72h' }), z.NEVER))
      .default([3_600_000, 86_400_000, 259_200_000]),
    /**
     * The least time between two recovery emails to one address, whatever carts they are for: about
     * one a day at most (20 h rather than 24, so the default sequence's 1 h and 24 h steps both go).
     */
    RECOVERY_EMAIL_GAP: duration.default(72_000_000),
    /** How long a recovery email's restore link works. */
    RECOVERY_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(14),
    /** How often the worker brings the Square catalogue over (0: only when the studio asks); unset: hourly from a real Square, never from the emulator. */
    SQUARE_SYNC_EVERY_MS: z.coerce.number().int().min(0).optional(),
    /** A stock change Square has not heard of this long (its job failed for good, or was lost with Redis) is sent again by the worker's sweep, with the same idempotency key. */
    STOCK_PUSH_SWEEP_AFTER: duration.default(120_000),
    /** A stock change Square has not heard of this long shows on the dashboard's stock alerts and makes `/api/health` degraded. */
    STOCK_PUSH_ALERT_AFTER: duration.default(600_000),
    /** Where uploaded product images go; unset: DATA_DIR/uploads. Not read when S3_BUCKET is set. */
    UPLOAD_DIR: z.string().min(1).optional(),
    /** An S3-compatible bucket for the uploads, shared by every replica; unset: the UPLOAD_DIR folder. */
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and dashes')
      .optional(),
    /** The S3-compatible server (MinIO, R2, …); unset: AWS S3 in S3_REGION. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as us-east-1')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Address the bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted servers want. */
    S3_FORCE_PATH_STYLE: z.stringbool().optional(),
    /** Where browsers and mail clients fetch the uploads (a CDN in front of the bucket); unset: the shop, under /uploads/. */
    UPLOADS_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Signs the links in emails (unsubscribe); at least 32 characters, required in production. */
    LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * How much of an IPv6 client's address the rate limits count by, in bits: one household or server
     * is handed a /64 and may use any address in it. IPv4 addresses count whole.
     */
    RATE_LIMIT_IPV6_PREFIX: z.coerce.number().int().min(0).max(128).default(64),
    /** Newsletter subscribe/unsubscribe calls allowed per client address per window. */
    NEWSLETTER_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
    NEWSLETTER_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    /** "Email me when it's back" requests allowed per client address per window. */
    BACK_IN_STOCK_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
    BACK_IN_STOCK_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    /**
     * Payment attempts (and discount checks, whose answers say whether an email subscribed) allowed
     * per client address, and payment attempts per cart, in each window: enough for a shopper who
     * retypes a card a few times, too few to test stolen cards one after another.
     */
    PAYMENT_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    PAYMENT_RATE_LIMIT_PER_CART: z.coerce.number().int().min(1).default(8),
    PAYMENT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    /**
     * Units one client address may hold at once through checkouts not yet paid or released (a
     * declined card, a charge whose answer was lost): a script that never pays cannot keep the
     * catalogue sold out.
     */
    HOLD_UNITS_PER_CLIENT: z.coerce.number().int().min(1).default(20),
    /**
     * Carts created, and contact details written to carts, per client address in each window:
     * plenty for a household or a market stall's shared Wi-Fi, too few to name strangers by the hundred.
     */
    CART_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
    CONTACT_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
    CART_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
    /** The studio's time zone (an IANA name): the admin dashboard's days begin at its midnight. */
    SHOP_TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone such as America/New_York or UTC').default('UTC'),
    /** A product with this many units or fewer on sale shows on the dashboard's low-stock list. */
    LOW_STOCK_AT: z.coerce.number().int().min(0).max(100_000).default(3),
    /** Instagram Graph API: with no token the home page's social strip hides itself. */
    INSTAGRAM_ACCESS_TOKEN: z.string().min(1).optional(),
    INSTAGRAM_GRAPH_URL: z.url({ protocol: /^https?$/ }).default('https://graph.instagram.com'),
    INSTAGRAM_CACHE_SECONDS: z.coerce.number().int().min(1).default(900),
    /** The home page's events film and its poster frame; unset: the poster alone. */
    EVENTS_VIDEO_URL: z.url({ protocol: /^https?$/ }).optional(),
    EVENTS_VIDEO_POSTER_URL: z.string().min(1).optional(),
    /** The footer's contact and social links; each one unset is left out. */
    CONTACT_EMAIL: z.email().optional(),
    CONTACT_PHONE: z.string().max(40).optional(),
    STUDIO_AREA: z.string().max(200).optional(),
    INSTAGRAM_URL: z.url({ protocol: /^https$/ }).optional(),
    FACEBOOK_URL: z.url({ protocol: /^https$/ }).optional(),
    TIKTOK_URL: z.url({ protocol: /^https$/ }).optional(),
  })
  .superRefine(checkS3Settings)
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    // Production never falls back to the embedded database or a guessed Redis.
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'SQUARE_ACCESS_TOKEN', 'SQUARE_APPLICATION_ID', 'SQUARE_LOCATION_ID', 'PUBLIC_URL', 'LINK_SECRET'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
    }
    for (const key of ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'ADMIN_EMAILS'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
    }
    if (env.DEV_SERVER) ctx.addIssue({ code: 'custom', path: ['DEV_SERVER'], message: 'is for development only (npm run dev), never production' });
    if (env.UPLOADS_PUBLIC_URL?.startsWith('http:')) ctx.addIssue({ code: 'custom', path: ['UPLOADS_PUBLIC_URL'], message: 'must be https:// in production' });
    if (env.ADMIN_EMAILS && parseEmails(env.ADMIN_EMAILS).includes(DEVELOPMENT_ADMIN)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAILS'], message: `must not name the development admin ${DEVELOPMENT_ADMIN} in production` });
    }
  });

interface S3Env {
  NODE_ENV: string;
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: boolean;
}

/** The S3 settings make sense only together: each missing one is named. */
function checkS3Settings(env: S3Env, ctx: z.RefinementCtx): void {
  const issue = (key: string, message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
  const others = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter((key) => env[key] !== undefined);
  if (!env.S3_BUCKET) {
    if (others.length) issue('S3_BUCKET', `is required when ${others.join(', ')} ${others.length > 1 ? 'are' : 'is'} set`);
    return;
  }
  if (!env.S3_ENDPOINT && !env.S3_REGION) issue('S3_REGION', 'is required for AWS S3 (or set S3_ENDPOINT for another S3-compatible server)');
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) issue('S3_SECRET_ACCESS_KEY', 'is required with S3_ACCESS_KEY_ID');
  if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID) issue('S3_ACCESS_KEY_ID', 'is required with S3_SECRET_ACCESS_KEY');
  if (env.NODE_ENV === 'production' && env.S3_ENDPOINT?.startsWith('http:')) issue('S3_ENDPOINT', 'must be https:// in production');
}

/** The admin of a development shop, who signs in through the local provider. */
export const DEVELOPMENT_ADMIN = 'owner@darkcircle.test';

const parseEmails = (list: string) =>
  list
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);

function parseOrigins(list: string): string[] {
  return list
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
}

export type Settings = z.infer<typeof schema> & {
  /** The bucket the uploads go to (S3_BUCKET and its settings), or null: the local folder. */
  s3: S3Settings | null;
  /** The address uploads are linked at: UPLOADS_PUBLIC_URL, else the shop's own `/uploads`. */
  uploadsUrl: string;
  redisUrl: string;
  publicUrl: string;
  /** LINK_SECRET, or outside production a fixed development secret. */
  linkSecret: string;
  /** Seed the demo catalogue into an empty database: yes by default, never by default in production. */
  seedDemoCatalog: boolean;
  /** Serve the API description: API_DOCS, else outside production only. */
  apiDocs: boolean;
  /** Who may use the admin app, in lower case. */
  adminEmails: string[];
  /** RECOVERY_IDLE, else RECOVERY_IDLE_MINUTES, else an hour, in milliseconds. */
  recoveryIdleMs: number;
  /** Where the widget demo page is served, outside production (else null). */
  widgetDemoPort: number | null;
  /** The origins the widgets' CORS allows: WIDGET_ORIGINS, plus the demo page's outside production. */
  widgetOrigins: string[];
  /** SHUTDOWN_DRAIN_MS, else 5 s in production and none outside it. */
  shutdownDrainMs: number;
};

/** Settings plus the database actually in use (the configured one or the embedded one). */
export type AppConfig = Settings & { databaseUrl: string; embeddedDatabase: boolean };

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad setting stops start-up with its name. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const settings = parsed.data;
  const widgetDemoPort = settings.NODE_ENV === 'production' ? null : (settings.WIDGET_DEMO_PORT ?? settings.PORT + 3);
  const widgetOrigins = [...parseOrigins(settings.WIDGET_ORIGINS ?? ''), ...(widgetDemoPort ? [widgetDemoOrigin(widgetDemoPort)] : [])];
  return {
    ...settings,
    redisUrl: settings.REDIS_URL ?? 'redis://127.0.0.1:6379',
    publicUrl: (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/+$/, ''),
    linkSecret: settings.LINK_SECRET ?? 'development-only link secret: set LINK_SECRET',
    seedDemoCatalog: settings.SEED_DEMO_CATALOG ?? settings.NODE_ENV !== 'production',
    apiDocs: settings.API_DOCS ?? settings.NODE_ENV !== 'production',
    adminEmails: settings.ADMIN_EMAILS ? parseEmails(settings.ADMIN_EMAILS) : [DEVELOPMENT_ADMIN],
    recoveryIdleMs: settings.RECOVERY_IDLE ?? (settings.RECOVERY_IDLE_MINUTES ?? 60) * 60_000,
    widgetDemoPort,
    widgetOrigins: [...new Set(widgetOrigins)],
    s3: settings.S3_BUCKET
      ? {
          bucket: settings.S3_BUCKET,
          // A self-hosted server ignores the region, but the SDK signs with one.
          region: settings.S3_REGION ?? 'us-east-1',
          endpoint: settings.S3_ENDPOINT,
          forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? false,
          credentials: settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY } : undefined,
        }
      : null,
    uploadsUrl: (settings.UPLOADS_PUBLIC_URL ?? '/uploads').replace(/\/+$/, ''),
    shutdownDrainMs: settings.SHUTDOWN_DRAIN_MS ?? (settings.NODE_ENV === 'production' ? 5_000 : 0),
  };
}

/** Whether `name` is a time zone this runtime knows (IANA names, UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length <= 64;
  } catch {
    return false;
  }
}

/** The demo page's origin, as a browser on this machine names it. */
export const widgetDemoOrigin = (port: number) => `http://localhost:${port}`;

export const APP_CONFIG = Symbol('APP_CONFIG');
