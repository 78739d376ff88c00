import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/core';
import { runTask } from '../../bootstrap/app-context';

/** `npm run migrate`: applies pending migrations (start-up does the same). */
runTask(async (app) => ({ pending: (await app.get(MikroORM).getMigrator().getPendingMigrations()).length })).catch((error) => {
  console.error(error);
  process.exit(1);
});
