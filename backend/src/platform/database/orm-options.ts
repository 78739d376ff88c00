import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { migrations } from '../../migrations';

/** MikroORM settings; the schema only ever changes through the listed migrations. */
export function ormOptions(databaseUrl: string, embedded: boolean, poolMax = 10) {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: databaseUrl,
    extensions: [Migrator],
    migrations: { migrationsList: migrations, snapshot: false, silent: true, transactional: true, allOrNothing: true },
    // The embedded database serves a single connection. While PostgreSQL is away a request fails at
    // once (a refused connection is not retried), and never waits a minute for a busy pool.
    pool: { min: 0, max: embedded ? 1 : poolMax, propagateCreateError: true, acquireTimeoutMillis: 10_000 },
    driverOptions: { connection: { connectionTimeoutMillis: 5_000 } },
    discovery: { warnWhenNoEntities: false },
    debug: false,
  });
}
