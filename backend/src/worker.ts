import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { closeOnSignal } from './bootstrap';
import { loadSettings } from './platform/config/app-config';
import { nestLogger } from './platform/logging/logger';
import { resolveDatabase } from './platform/database/resolve-database';
import { setHeapGrowth } from './platform/runtime/heap-growth';

/** The worker alone: outbox relay, job processors and schedules (docker-compose `worker`). */
async function main(): Promise<void> {
  const settings = loadSettings();
  if (!settings.DATABASE_URL) throw new Error('DATABASE_URL: a separate worker needs the shared database (npm start runs both in one process)');
  setHeapGrowth(settings.HEAP_GROWTH_PERCENT);
  const database = await resolveDatabase(settings);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(database.config, { worker: true }), { logger: nestLogger(database.config.LOG_LEVEL) });
  closeOnSignal(() => app.close(), database.stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
