import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { AppModule } from '../app.module';
import { loadSettings } from '../platform/config/app-config';
import { nestLogger } from '../platform/logging/logger';
import { resolveDatabase } from '../platform/database/resolve-database';

/** Runs one operator task (seed, rebuild, migrate) against the configured or embedded database. */
export async function runTask(task: (app: INestApplicationContext) => Promise<unknown>): Promise<void> {
  const database = await resolveDatabase(loadSettings());
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(database.config, { worker: false }), { logger: nestLogger(database.config.LOG_LEVEL) });
  try {
    await app.get(MikroORM).getMigrator().up();
    console.log(JSON.stringify(await task(app)));
  } finally {
    await app.close();
    await database.stop();
  }
}
