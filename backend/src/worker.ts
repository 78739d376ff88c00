import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { closeOnSignal } from './bootstrap/shutdown';
import { loadSettings } from './platform/config/app-config';
import { resolveDatabase } from './platform/database/resolve-database';

/** The worker alone: outbox relay, job processors and schedules (docker-compose `worker`). */
async function main(): Promise<void> {
  const settings = loadSettings();
  if (!settings.DATABASE_URL) throw new Error('DATABASE_URL: a separate worker needs the shared database (npm start runs both in one process)');
  const database = await resolveDatabase(settings);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(database.config, { worker: true }), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  closeOnSignal(() => app.close(), database.stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
