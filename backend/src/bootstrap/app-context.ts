import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { AppModule } from '../app.module';
import { AppConfig, loadSettings } from '../platform/config/app-config';
import { nestLogger } from '../platform/logging/logger';
import { resolveDatabase } from '../platform/database/resolve-database';
import { migrate, type Migrated } from './create-app';

/** The shop without HTTP, on a migrated database (`migrated`: what this process's migrating did), for one piece of work; closed afterwards. */
export async function withAppContext<T>(config: AppConfig, work: (app: INestApplicationContext, config: AppConfig, migrated: Migrated) => Promise<T>): Promise<T> {
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, { worker: false }), { logger: nestLogger(config.LOG_LEVEL) });
  try {
    const migrated = await migrate(app, config);
    return await work(app, config, migrated);
  } finally {
    await app.close();
  }
}

/** Runs one operator task (seed, rebuild, migrate) against the configured or embedded database. */
export async function runTask(task: (app: INestApplicationContext, config: AppConfig, migrated: Migrated) => Promise<unknown>): Promise<void> {
  const database = await resolveDatabase(loadSettings());
  try {
    console.log(JSON.stringify(await withAppContext(database.config, task)));
  } finally {
    await database.stop();
  }
}
