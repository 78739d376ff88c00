import { INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/core';
import type { FastifyBaseLogger } from 'fastify';
import { AppModule, AppRoles } from '../app.module';
import { GOOGLE_ENDPOINTS, SESSION_COOKIE, type GoogleEndpoints } from '../auth';
import { CatalogSeeder } from '../catalog';
import { serveApiDocs } from '../platform/api-docs/serve-api-docs';
import { AppConfig } from '../platform/config/app-config';
import { fastifyTrustProxy } from '../platform/config/trust-proxy';
import { underPrepareLock } from '../platform/database/prepare-lock';
import { correlationIdOf, useCorrelation } from '../platform/context/correlation';
import { rememberFastifyErrorCodes } from '../platform/errors/error-body';
import { fastifyErrorOptions } from '../platform/errors/fastify-errors';
import { ErrorBodyFilter } from '../platform/errors/error-body.filter';
import { AccessLog } from '../platform/logging/access-log';
import { createRootLogger, PinoNestLogger } from '../platform/logging/logger';
import { registerRateLimits } from '../platform/web/rate-limit';
import { guardInput } from '../platform/validation/input-guard';
import { recordRoutes } from '../platform/web/route-table';
import { endConnectionsWhenClosing } from '../platform/web/close-connections';
import { leaveMultipartUnread } from '../platform/web/multipart-upload';
import { allowWidgetOrigins, securityHeaders, sendSecurityHeaders, serveStaticAssets } from '../site';
import { SQUARE_SETTINGS, SquareSettings } from '../square';

/** Builds the HTTP app on a migrated database (unless MIGRATE_ON_START is off); seeds the demo catalogue into an empty one. */
export async function createHttpApp(config: AppConfig, roles: AppRoles): Promise<NestFastifyApplication> {
  const logger = createRootLogger(config.LOG_LEVEL);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    logController: new AccessLog(logger),
    // Every request's lines already carry its correlation id (the root logger's mixin reads it from
    // the request's context), so no per-request child logger is made.
    childLoggerFactory: (root: FastifyBaseLogger) => root,
    genReqId: correlationIdOf,
    // The shop has no Nest middleware; without middie no request pays for an empty middleware run.
    skipMiddie: true,
    // Whose X-Forwarded-For to believe (request.ip, which rate limits count by): TRUST_PROXY, else nobody's.
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 100 * 1024,
    // While closing, a request on a kept-alive connection is still served (with Connection: close) rather than refused with 503.
    return503OnClosing: false,
    // Fastify answers 404 for a longer path parameter; a cart session id may be 128 characters.
    routerOptions: { maxParamLength: 256 },
    ...fastifyErrorOptions,
  });
  if (config.NODE_ENV === 'production' && config.TRUST_PROXY === undefined) {
    logger.warn(
      'TRUST_PROXY is unset: forwarded client addresses are ignored, so behind a load balancer every shopper shares its address (and its rate limits). Set it to the hops or addresses of your proxies.',
    );
  }
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, roles), adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  useCorrelation(fastify);
  recordRoutes(fastify);
  endConnectionsWhenClosing(fastify);
  guardInput(fastify);
  rememberFastifyErrorCodes(fastify);
  const signIn = app.get<GoogleEndpoints>(GOOGLE_ENDPOINTS, { strict: false }).provider;
  sendSecurityHeaders(
    fastify,
    securityHeaders(app.get<SquareSettings>(SQUARE_SETTINGS), config.NODE_ENV === 'production', signIn ? new URL(signIn.authorizationURL).origin : undefined, config.DEV_SERVER),
  );
  allowWidgetOrigins(fastify, config.widgetOrigins);
  app.useGlobalFilters(new ErrorBodyFilter());
  // Multipart only for the image upload, which reads its one file itself.
  leaveMultipartUnread(fastify);
  serveStaticAssets(app, config);
  await registerRateLimits(app, config);
  // Before init: the worker's relay and jobs start at init and must find the tables there.
  if (config.MIGRATE_ON_START) await migrate(app, config);
  await app.init();
  // After init: Fastify gives a route the error handler in place when its plugin queue loads, and
  // Nest sets the one that answers in the one error body only during init.
  serveApiDocs(app, config, SESSION_COOKIE);
  if (config.MIGRATE_ON_START) await seedDemoCatalog(app, config);
  return app;
}

/** What a process's migrating did: the migrations it applied itself, whether it waited for another's turn, and where the database now is. */
export interface Migrated {
  applied: string[];
  waitedForLock: boolean;
  latest: string | undefined;
}

/**
 * Applies the pending migrations (the schema only ever changes this way) and says which; under the
 * prepare lock, so processes starting together apply each migration once. A process that waited
 * finds the others' migrations applied, and reports none of them as its own.
 */
export async function migrate(app: INestApplicationContext, config: AppConfig): Promise<Migrated> {
  const migrator = app.get(MikroORM).getMigrator();
  const { applied, waitedForLock } = await underPrepareLock(config, async ({ waited }) => ({ applied: (await migrator.up()).map((m) => m.name), waitedForLock: waited }));
  const migrated = { applied, waitedForLock, latest: (await migrator.getExecutedMigrations()).at(-1)?.name };
  new Logger('Migrations').log(migratedSentence(migrated));
  return migrated;
}

/** "Applied 2 migrations: …", or why none was. */
export function migratedSentence({ applied, waitedForLock, latest }: Migrated): string {
  if (applied.length > 0) return `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}.`;
  const upToDate = `the database is up to date (${latest ?? 'no migrations'})`;
  return waitedForLock ? `Applied no migrations: another process applied them while this one waited for the migration lock; ${upToDate}.` : `Applied no migrations: ${upToDate}.`;
}

/** Seeds the demo catalogue into a database that never had products, when asked to, under the prepare lock. */
export async function seedDemoCatalog(app: INestApplicationContext, config: AppConfig): Promise<number> {
  if (!config.seedDemoCatalog) return 0;
  return underPrepareLock(config, () => app.get(CatalogSeeder).seedIfEmpty());
}
