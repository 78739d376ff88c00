import 'reflect-metadata';
import { migratedSentence, runTask, seedDemoCatalog } from '../bootstrap';

/**
 * `npm run migrate`: the one-shot job that prepares the database before replicas started with
 * `MIGRATE_ON_START=false`: applies pending migrations and seeds the demo catalogue when
 * `SEED_DEMO_CATALOG` asks (both under the prepare lock), then says what it applied itself (a
 * sentence, then a JSON line): none, when another process applied them while it waited for the lock.
 */
runTask(async (app, config, migrated) => {
  const seeded = await seedDemoCatalog(app, config);
  console.log(migratedSentence(migrated));
  return { applied: migrated.applied, latest: migrated.latest, seeded };
}).catch((error) => {
  console.error(error);
  process.exit(1);
});
