import { json, write } from '../platform/projections/sql-write';
import { streamProjection } from '../platform/projections/stream-projection';
import { CATEGORIES } from './categories';
import { productStream, type ProductEvent } from './product.events';
import { upcastProductEvent } from './product-upcast';

/** The events that change what a product is found by (its words, options, SKUs); stock moves change none. */
const CHANGES_WORDS = new Set<ProductEvent['type']>([
  'ProductAdded',
  'ProductImportedFromSquare',
  'ProductDetailsChanged',
  'ProductOptionsChanged',
  'VariantAdded',
  'VariantChanged',
  'VariantRemoved',
]);

/** The labels shoppers read ("Clothing" for `apparel`), which the search finds a category by. */
const LABELS = json(Object.fromEntries(CATEGORIES.map((c) => [c.slug, c.label])));

/**
 * The search's document and vocabulary (`product_search`, `product_search_words`), rebuilt from the
 * product's read rows by `product_search_refresh` (see its migration). Registered after the products
 * projection, so those rows already hold the event.
 */
export const productSearchProjection = streamProjection<ProductEvent, number>(
  { name: 'product-search', tables: ['product_search', 'product_search_words'], stream: productStream },
  (event, id) => (upcastProductEvent(event, id).some((e) => CHANGES_WORDS.has(e.type)) ? [write('select product_search_refresh(?, ?::jsonb)', id, LABELS)] : []),
);
