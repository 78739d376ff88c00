import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/core';
import { runTask, seedDemoCatalog } from '../bootstrap';

/**
 * `npm run migrate`: the one-shot job that prepares the database before replicas started with
 * `MIGRATE_ON_START=false`: applies pending migrations and seeds the demo catalogue when
 * `SEED_DEMO_CATALOG` asks (both under the prepare lock), then lists the applied migrations.
 */
runTask(async (app, config) => ({
  seeded: await seedDemoCatalog(app, config),
  executed: (await app.get(MikroORM).getMigrator().getExecutedMigrations()).map((m) => m.name),
})).catch((error) => {
  console.error(error);
  process.exit(1);
});
