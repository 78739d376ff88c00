import 'reflect-metadata';
import { closeGracefully, closeOnSignal, createHttpApp } from './bootstrap';
import { loadSettings } from './platform/config/app-config';
import { resolveDatabase } from './platform/database/resolve-database';
import { collectOnceStarted, collectWhenIdle, setHeapGrowth } from './platform/runtime/heap-growth';
import { standInsOf, standInsWarning } from './stand-ins';

/** The HTTP API and the built storefront and admin app, without the worker (docker-compose `api`). */
async function main(): Promise<void> {
  const settings = loadSettings();
  setHeapGrowth(settings.HEAP_GROWTH_PERCENT);
  const database = await resolveDatabase(settings);
  const app = await createHttpApp(database.config, { worker: false });
  closeOnSignal(() => closeGracefully(app, database.config.shutdownDrainMs), database.stop);
  collectOnceStarted();
  collectWhenIdle();
  await app.listen(database.config.PORT);
  const warning = standInsWarning(standInsOf(database.config));
  if (warning) console.warn(`*** ${warning} ***`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
