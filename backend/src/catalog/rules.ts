/**
 * The catalogue's pure rules, for other modules' deciders: no Nest, no database, so a decider that
 * uses them stays a plain function its specs (and each mutant of the mutation tests) load in
 * milliseconds. Everything else of the catalogue is reached through index.ts.
 */
export { assertAvailable, stockFrom } from './stock-rules';
export { lineName } from './product-variants';
export { onlyVariantOf } from './product-upcast';
export { soldChange } from './product.events';
export type { ProductSnapshot } from './products';
