export { CatalogModule } from './catalog.module';
export { CatalogSeeder } from './catalog-seeder';
export { ProductIds } from './product-ids';
export { ProductsCache } from './products.cache';
export { RunProductCommand } from './run-product-command';
export { GetProductQuery } from './get-product.query';
export type { ProductSnapshot } from './get-product.query';
export { CATEGORIES, normalizeCategory } from './categories';
export type { ProductDto } from './product.view';
