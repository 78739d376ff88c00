import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { migrations } from './migrations';

/** MikroORM settings; the schema only ever changes through the listed migrations. */
export function ormOptions(databaseUrl: string, embedded: boolean) {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    extensions: [Migrator],
    migrations: { migrationsList: migrations, snapshot: false, silent: true, transactional: true, allOrNothing: true },
    // The embedded database serves a single connection.
    pool: { min: 0, max: embedded ? 1 : 10 },
    discovery: { warnWhenNoEntities: false },
    debug: false,
  });
}
