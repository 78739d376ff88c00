import { INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/core';
import { AppModule, AppRoles } from '../app.module';
import { CatalogSeeder } from '../catalog';
import { AppConfig } from '../platform/config/app-config';
import { correlationIdOf, useCorrelation } from '../platform/context/correlation';
import { ErrorBodyFilter } from '../platform/errors/error-body.filter';
import { AccessLog } from '../platform/logging/access-log';
import { createRootLogger, PinoNestLogger } from '../platform/logging/logger';
import { registerRateLimits } from '../platform/web/rate-limit';
import { serveStaticAssets } from '../platform/web/static-assets';

/** Builds the HTTP app on a migrated database; seeds the demo catalogue into an empty one. */
export async function createHttpApp(config: AppConfig, roles: AppRoles): Promise<NestFastifyApplication> {
  const logger = createRootLogger(config.LOG_LEVEL);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    logController: new AccessLog(logger),
    genReqId: correlationIdOf,
    trustProxy: 'loopback',
    bodyLimit: 100 * 1024,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, roles), adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  useCorrelation(app.getHttpAdapter().getInstance());
  app.useGlobalFilters(new ErrorBodyFilter());
  serveStaticAssets(app, config);
  await registerRateLimits(app, config);
  // Before init: the worker's relay and jobs start at init and must find the tables there.
  await migrate(app);
  await app.init();
  if (config.seedDemoCatalog) await app.get(CatalogSeeder).seedIfEmpty();
  return app;
}

/** Applies the pending migrations (the schema only ever changes this way) and says which. */
export async function migrate(app: INestApplicationContext): Promise<void> {
  const applied = await app.get(MikroORM).getMigrator().up();
  if (applied.length) new Logger('Migrations').log(`Applied ${applied.map((m) => m.name).join(', ')}`);
}
