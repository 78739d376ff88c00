/**
 * The catalogue's pure rules and shapes, for other modules' deciders and mappings: no Nest, no
 * database, so code that uses them stays plain functions whose specs (and each mutant of the
 * mutation tests) load in milliseconds; `index.ts` would load the whole module (its controllers,
 * MikroORM, BullMQ). Everything else of the catalogue is reached through index.ts.
 */
export { assertAvailable, stockFrom } from './stock-rules';
export { lineName } from './product-variants';
export { onlyVariantOf, upcastProductEvent } from './product-upcast';
export { productIdOf, restockChange, soldChange } from './product.events';
export type { ProductDetails, ProductOption, StockAdjusted, StockRestocked, StockSold } from './product.events';
export { CATEGORIES, normalizeCategory } from './categories';
export type { CategorySlug } from './categories';
export type { SquareVariationInput } from './product.decider';
export type { ProductSnapshot } from './products';
