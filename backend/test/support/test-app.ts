import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createHttpApp } from '../../src/bootstrap/create-app';
import { loadSettings } from '../../src/platform/config/app-config';
import { createScratchDatabase } from '../../src/platform/database/scratch-database';

export interface TestApp {
  app: NestFastifyApplication;
  http: ReturnType<typeof request>;
  baseUrl: string;
  queuePrefix: string;
  /** This app's own DATA_DIR (mail, the Square emulator's state), removed on close. */
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** How the app reaches its database, given the scratch database's URL (a TCP proxy in fault tests). */
  reachDatabase?: (url: string) => string;
}

/**
 * The real app on its own fresh PostgreSQL database, BullMQ key prefix and data folder, with its
 * own Square emulator on a free port (unless `env` names a Square). The relay
 * does not tick by itself (tests call `tick()`), and the demo catalogue is off unless asked for.
 */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createScratchDatabase('test');
  const databaseUrl = options.reachDatabase?.(database.url) ?? database.url;
  const queuePrefix = `dc-test-${randomBytes(4).toString('hex')}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'dc-test-'));
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: queuePrefix,
    OUTBOX_RELAY_INTERVAL_MS: '0',
    SEED_DEMO_CATALOG: 'false',
    DATA_DIR: dataDir,
    SQUARE_EMULATOR_PORT: '0',
    ...env,
  });
  const app = await createHttpApp({ ...settings, databaseUrl, embeddedDatabase: false }, { worker: true });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    http: request(app.getHttpServer()),
    baseUrl: `http://127.0.0.1:${address.port}`,
    queuePrefix,
    dataDir,
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
