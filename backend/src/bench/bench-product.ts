import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/core';
import { AppModule } from '../app.module';
import { ProductIds } from '../catalog/product-ids';
import { RunProductCommand } from '../catalog';
import { loadSettings } from '../platform/config/app-config';
import { nestLogger } from '../platform/logging/logger';

/** Adds, through the catalogue's own command, a product with stock enough for a load test. */
export async function addBenchProduct(databaseUrl: string): Promise<number> {
  const settings = loadSettings({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', SEED_DEMO_CATALOG: 'false' });
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot({ ...settings, databaseUrl, embeddedDatabase: false }, { worker: false }),
    { logger: nestLogger('warn') },
  );
  try {
    await app.get(MikroORM).getMigrator().up();
    const productId = await app.get(ProductIds).next();
    await app.get(CommandBus).execute(
      new RunProductCommand({ kind: 'AddProduct', productId, name: 'Bench Patch', description: 'Load-test stock', priceCents: 900, imageUrl: '/images/products/skull.svg', category: 'patches', inStock: true, stockQuantity: 100_000 }),
    );
    return productId;
  } finally {
    await app.close();
  }
}
