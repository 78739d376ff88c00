import 'reflect-metadata';
import { closeGracefully, closeOnSignal, createHttpApp } from './bootstrap';
import { loadSettings } from './platform/config/app-config';
import { resolveDatabase } from './platform/database/resolve-database';
import { collectOnceStarted, collectWhenIdle, setHeapGrowth } from './platform/runtime/heap-growth';
import { standInsOf, standInsWarning } from './stand-ins';
import { startWidgetDemo } from './site';
import { SQUARE_SETTINGS, SquareSettings } from './square';

/** `npm start`: API, storefront and worker in one process, on the embedded defaults where unset. */
async function main(): Promise<void> {
  const settings = loadSettings();
  setHeapGrowth(settings.HEAP_GROWTH_PERCENT);
  const database = await resolveDatabase(settings);
  const { config } = database;
  const app = await createHttpApp(config, { worker: true });
  closeOnSignal(() => closeGracefully(app, config.shutdownDrainMs), database.stop);
  collectOnceStarted();
  collectWhenIdle();
  await app.listen(config.PORT);
  const where = config.embeddedDatabase ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'DATABASE_URL';
  const square = app.get<SquareSettings>(SQUARE_SETTINGS);
  const squareWhere = square.emulated ? `the sandbox emulator at ${square.baseUrl}` : `Square ${square.environment}`;
  const warning = standInsWarning(standInsOf(config));
  if (warning) console.warn(`*** ${warning} ***`);
  // Another site embedding the widgets (outside production): its own origin, a strict policy.
  const demo = config.widgetDemoPort === null ? null : await startWidgetDemo({ port: config.widgetDemoPort, shop: config.publicUrl });
  const demoWhere = demo ? `; widget demo: ${demo.url}` : '';
  console.log(`The Dark Circle shop is open at http://localhost:${config.PORT} (database: ${where}; Redis: ${config.redisUrl}; payments: ${squareWhere}${demoWhere})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
