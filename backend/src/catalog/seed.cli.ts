import 'reflect-metadata';
import { runTask } from '../bootstrap';
import { CatalogSeeder } from './catalog-seeder';

/** `npm run seed`: fills the demo catalogue into a shop that has never had products. */
runTask(async (app) => ({ seeded: await app.get(CatalogSeeder).seedIfEmpty() })).catch((error) => {
  console.error(error);
  process.exit(1);
});
