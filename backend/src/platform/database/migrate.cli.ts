import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/core';
import { runTask } from '../../bootstrap/app-context';

/** `npm run migrate`: applies pending migrations (start-up does the same) and lists the applied ones. */
runTask(async (app) => ({ executed: (await app.get(MikroORM).getMigrator().getExecutedMigrations()).map((m) => m.name) })).catch((error) => {
  console.error(error);
  process.exit(1);
});
