import { deciderSpec } from '../../test/support/decider-spec';
import { productDecider } from './product.decider';
import type { ProductDetails, ProductEvent } from './product.events';

const spec = deciderSpec(productDecider);
const details: ProductDetails = { name: 'Bat Patch', description: 'A bat', priceCents: 900, imageUrl: 'https://img/b.jpg', category: 'patches' };
const imported: ProductEvent = { type: 'ProductImportedFromSquare', data: { productId: 7, squareItemId: 'SQ1', ...details, inStock: true, stockQuantity: 3 } };
const importing = (changes: Partial<ProductDetails> = {}, stock = { inStock: true, stockQuantity: 3 }) =>
  ({ kind: 'ImportFromSquare', productId: 7, squareItemId: 'SQ1', details: { ...details, ...changes }, stock }) as const;

describe('product decider: import from Square', () => {
  it('imports a new item as a product', () => {
    spec.given().when(importing()).then([imported]);
  });

  it('records nothing when Square has nothing new', () => {
    spec.given(imported).when(importing()).thenNothing();
  });

  it('records only the details and the stock that changed', () => {
    spec
      .given(imported)
      .when(importing({ priceCents: 1100 }, { inStock: false, stockQuantity: 0 }))
      .then([
        { type: 'ProductDetailsChanged', data: { priceCents: 1100 } },
        { type: 'StockSet', data: { inStock: false, stockQuantity: 0 } },
      ]);
  });

  it('records the stock when only the count or only the in-stock flag changed', () => {
    spec
      .given(imported)
      .when(importing({}, { inStock: true, stockQuantity: 5 }))
      .then([{ type: 'StockSet', data: { inStock: true, stockQuantity: 5 } }]);
    spec
      .given(imported)
      .when(importing({}, { inStock: false, stockQuantity: 3 }))
      .then([{ type: 'StockSet', data: { inStock: false, stockQuantity: 3 } }]);
  });

  it('refuses an item without a name, like any product', () => {
    spec
      .given()
      .when(importing({ name: ' ' }))
      .thenThrows('INVALID', /name/);
  });
});
