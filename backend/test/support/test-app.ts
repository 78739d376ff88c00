import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createHttpApp } from '../../src/bootstrap/create-app';
import { loadSettings } from '../../src/platform/config/app-config';
import { createScratchDatabase } from '../../src/platform/database/scratch-database';
import { closeWatched } from './close-watchdog';
import { storefrontImagesDir } from '../../src/site';
import { EMULATOR_ACCESS_TOKEN, EMULATOR_APPLICATION_ID, EMULATOR_LOCATION_ID, EMULATOR_WEBHOOK_SIGNATURE_KEY, SquareEmulator, startSquareEmulator } from '../../src/stand-ins';

export interface TestApp {
  app: NestFastifyApplication;
  http: ReturnType<typeof request>;
  baseUrl: string;
  queuePrefix: string;
  /** This app's own DATA_DIR (mail, uploads), removed on close. */
  dataDir: string;
  databaseUrl: string;
  /** The Square sandbox emulator this app charges into: payments to count, faults to inject. */
  square: SquareEmulator;
  /** The settings that point another process of the shop at `square`. */
  squareEnv: Record<string, string>;
  /** How long the app waits for Square before asking again with the same key. */
  squareTimeoutMs: number;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** How the app reaches its database, given the scratch database's URL (a TCP proxy in fault tests). */
  reachDatabase?: (url: string) => string;
  /** Run on this app's database instead of a fresh one. */
  shareDatabaseOf?: TestApp;
  /** Run on this database, prepared by the test (an upgrade fixture loaded into it), instead of a fresh one; the test drops it. */
  database?: string;
  /** Run the worker's side too (outbox relay, processors, schedules); false: the API alone, as `main.js` runs. */
  worker?: boolean;
  /**
   * Subscribe the app to its emulator's webhooks (as development does), signed with the
   * emulator's key, retried quickly (these delays) when not answered with 2xx.
   */
  squareWebhooks?: { retryDelaysMs?: number[] };
}

/**
 * The real app on its own fresh PostgreSQL database, BullMQ key prefix and data folder, charging
 * into a Square emulator of the test's own (in memory, on a free port). The relay
 * does not tick by itself (tests call `tick()`), and the demo catalogue is off unless asked for.
 */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  // A second app on the first one's database plays another API process (or the same one restarted).
  const shared = options.shareDatabaseOf;
  const given = shared?.databaseUrl ?? options.database;
  const database = given ? { url: given, drop: async () => {} } : await createScratchDatabase('test');
  const databaseUrl = options.reachDatabase?.(database.url) ?? database.url;
  const queuePrefix = `dc-test-${randomBytes(4).toString('hex')}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'dc-test-'));
  const square = await startSquareEmulator({ port: 0, host: '127.0.0.1', imagesDir: storefrontImagesDir(loadSettings({})) });
  const squareTimeoutMs = 2000;
  const squareEnv = {
    SQUARE_BASE_URL: square.url,
    SQUARE_ACCESS_TOKEN: EMULATOR_ACCESS_TOKEN,
    SQUARE_APPLICATION_ID: EMULATOR_APPLICATION_ID,
    SQUARE_LOCATION_ID: EMULATOR_LOCATION_ID,
    SQUARE_TIMEOUT_MS: String(squareTimeoutMs),
  };
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: queuePrefix,
    OUTBOX_RELAY_INTERVAL_MS: '0',
    SEED_DEMO_CATALOG: 'false',
    DATA_DIR: dataDir,
    GOOGLE_EMULATOR_PORT: '0',
    // Every request of a test comes from one address; the payment limits' own test sets them low.
    PAYMENT_RATE_LIMIT_PER_ADDRESS: '100000',
    PAYMENT_RATE_LIMIT_PER_CART: '100000',
    // Likewise the units its unfinished checkouts hold; the bound's own test sets it low.
    HOLD_UNITS_PER_CLIENT: '100000',
    // The change feed's test notice once at start, then rarely: tests that count round trips count every statement.
    CHANGE_FEED_CHECK_EVERY_MS: '60000',
    CART_RATE_LIMIT_PER_ADDRESS: '100000',
    CONTACT_RATE_LIMIT_PER_ADDRESS: '100000',
    ...squareEnv,
    ...env,
  });
  const app = await createHttpApp({ ...settings, databaseUrl, embeddedDatabase: false }, { worker: options.worker ?? true });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  if (options.squareWebhooks) {
    square.webhooks.subscribe(
      { notificationUrl: `http://127.0.0.1:${address.port}/api/square/webhooks`, signatureKey: EMULATOR_WEBHOOK_SIGNATURE_KEY },
      { retryDelaysMs: options.squareWebhooks.retryDelaysMs ?? [50, 100, 200] },
    );
  }
  return {
    app,
    http: request(app.getHttpServer()),
    baseUrl: `http://127.0.0.1:${address.port}`,
    queuePrefix,
    dataDir,
    databaseUrl: database.url,
    square,
    squareEnv,
    squareTimeoutMs,
    async close() {
      square.webhooks.close();
      await closeWatched(app, database.url, expect.getState().testPath ?? 'a test app');
      await square.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
