import 'reflect-metadata';
import { createHttpApp } from './bootstrap/create-app';
import { closeGracefully, closeOnSignal } from './bootstrap/shutdown';
import { loadSettings } from './platform/config/app-config';
import { resolveDatabase } from './platform/database/resolve-database';

/** `npm start`: API, storefront and worker in one process, on the embedded defaults where unset. */
async function main(): Promise<void> {
  const database = await resolveDatabase(loadSettings());
  const { config } = database;
  const app = await createHttpApp(config, { worker: true });
  closeOnSignal(() => closeGracefully(app), database.stop);
  await app.listen(config.PORT);
  const where = config.embeddedDatabase ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'DATABASE_URL';
  console.log(`The Dark Circle shop is open at http://localhost:${config.PORT} (database: ${where}; Redis: ${config.redisUrl})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
