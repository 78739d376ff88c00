import { AppConfig, Settings } from '../config/app-config';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface ResolvedDatabase {
  config: AppConfig;
  stop(): Promise<void>;
}

/** Uses DATABASE_URL when set; otherwise starts the embedded PostgreSQL under DATA_DIR. */
export async function resolveDatabase(settings: Settings): Promise<ResolvedDatabase> {
  if (settings.DATABASE_URL) {
    return { config: { ...settings, databaseUrl: settings.DATABASE_URL, embeddedDatabase: false }, stop: async () => {} };
  }
  const embedded = await startEmbeddedPostgres(settings.DATA_DIR);
  return { config: { ...settings, databaseUrl: embedded.url, embeddedDatabase: true }, stop: () => embedded.stop() };
}
