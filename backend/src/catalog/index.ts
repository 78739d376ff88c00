export { CatalogModule } from './catalog.module';
export { CatalogSeeder } from './catalog-seeder';
export { ProductsCache } from './products.cache';
export { RunProductCommand } from './run-product-command';
export { CATEGORIES, normalizeCategory } from './categories';
export type { ProductDto } from './product.view';
