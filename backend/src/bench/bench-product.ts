import { withAppContext } from '../bootstrap';
import { oneVariantProduct, ProductIds, Products } from '../catalog';
import { loadSettings } from '../platform/config/app-config';
import { systemContext } from '../platform/context/request-context';

/** Adds, through the catalogue's own command, a product with stock enough for a load test. */
export function addBenchProduct(databaseUrl: string): Promise<number> {
  const settings = loadSettings({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  return withAppContext({ ...settings, databaseUrl, embeddedDatabase: false }, async (app) => {
    const productId = await app.get(ProductIds).next();
    await app.get(Products).run(
      productId,
      {
        kind: 'AddProduct',
        ...oneVariantProduct({
          name: 'Bench Patch',
          description: 'Load-test stock',
          priceCents: 900,
          imageUrl: '/images/products/skull.svg',
          category: 'patches',
          inStock: true,
          stockQuantity: 100_000,
        }),
      },
      systemContext(),
    );
    return productId;
  });
}
