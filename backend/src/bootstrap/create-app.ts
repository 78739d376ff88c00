import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { MikroORM } from '@mikro-orm/core';
import { Logger } from 'nestjs-pino';
import { AppModule, AppRoles } from '../app.module';
import { CatalogSeeder } from '../catalog';
import { AppConfig } from '../platform/config/app-config';
import { correlationMiddleware } from '../platform/context/correlation.middleware';
import { ErrorBodyFilter } from '../platform/errors/error-body.filter';
import { storefrontRouter } from '../platform/web/storefront.middleware';

/** Builds the HTTP app on a migrated database; seeds the demo catalogue into an empty one. */
export async function createHttpApp(config: AppConfig, roles: AppRoles): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, roles), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  // Registered before Nest's own middleware so every log line and event of the request carries the id.
  app.use(correlationMiddleware);
  app.useGlobalFilters(new ErrorBodyFilter());
  app.useBodyParser('json', { limit: '100kb' });
  app.use(storefrontRouter(config.STOREFRONT_DIR, config.ADMIN_DIR));
  await app.init();
  await prepareDatabase(app, config);
  return app;
}

/** Applies pending migrations, then seeds the demo catalogue into a shop that never had products. */
export async function prepareDatabase(app: INestApplicationContext, config: AppConfig): Promise<void> {
  const applied = await app.get(MikroORM).getMigrator().up();
  if (applied.length) app.get(Logger).log(`Applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}`);
  if (config.SEED_DEMO_CATALOG) await app.get(CatalogSeeder).seedIfEmpty();
}
