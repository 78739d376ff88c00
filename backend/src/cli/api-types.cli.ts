import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { SESSION_COOKIE } from '../auth';
import { createHttpApp } from '../bootstrap';
import { loadSettings } from '../platform/config/app-config';
import { resolveDatabase } from '../platform/database/resolve-database';
import { buildApiDocument } from '../platform/api-docs/api-document';
import { API_TYPES_FILE, apiTypesOf } from '../platform/api-docs/api-types';

/**
 * `npm run api:types`: builds the app (on the configured or embedded database, as `npm run seed`
 * does; nothing is seeded), reads its API description and writes the apps' generated types.
 */
async function main(): Promise<void> {
  const database = await resolveDatabase(loadSettings({ ...process.env, LOG_LEVEL: 'warn', SEED_DEMO_CATALOG: 'false' }));
  try {
    const app = await createHttpApp(database.config, { worker: false });
    try {
      const types = await apiTypesOf(buildApiDocument(app, SESSION_COOKIE));
      await writeFile(API_TYPES_FILE, types);
      console.log(`Wrote ${relative(process.cwd(), API_TYPES_FILE)}`);
    } finally {
      await app.close();
    }
  } finally {
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
