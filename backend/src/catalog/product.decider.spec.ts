import { deciderSpec } from '../../test/support/decider-spec';
import { productDecider } from './product.decider';
import type { ProductEvent } from './product.events';

const spec = deciderSpec(productDecider);
const added: ProductEvent = {
  type: 'ProductAdded',
  data: { productId: 7, name: 'Bat Patch', description: 'A bat', priceCents: 900, imageUrl: '/b.svg', category: 'patches', inStock: true, stockQuantity: 3 },
};
const { data } = added as Extract<ProductEvent, { type: 'ProductAdded' }>;

describe('product decider', () => {
  it('adds a new product', () => {
    spec
      .given()
      .when({ kind: 'AddProduct', ...data })
      .then([added]);
  });

  it('refuses to add a product twice', () => {
    spec
      .given(added)
      .when({ kind: 'AddProduct', ...data })
      .thenThrows('CONFLICT', 'Product 7 already exists.');
  });

  it.each([
    [{ name: '  ' }, 'A product needs a name.'],
    [{ priceCents: -1 }, /price/],
    [{ priceCents: 9.5 }, /price/],
  ])('refuses details %j', (changes, message) => {
    spec.given(added).when({ kind: 'ChangeProductDetails', productId: 7, changes }).thenThrows('INVALID', message);
  });

  it('changes one detail alone, leaving the price as it was', () => {
    spec
      .given(added)
      .when({ kind: 'ChangeProductDetails', productId: 7, changes: { name: 'Bat Badge' } })
      .then([{ type: 'ProductDetailsChanged', data: { name: 'Bat Badge' } }]);
  });

  it('accepts a price from 0 to exactly 100000.00, and refuses one cent more', () => {
    const price = (priceCents: number) => spec.given(added).when({ kind: 'ChangeProductDetails', productId: 7, changes: { priceCents } });
    price(0).then([{ type: 'ProductDetailsChanged', data: { priceCents: 0 } }]);
    price(10_000_000).then([{ type: 'ProductDetailsChanged', data: { priceCents: 10_000_000 } }]);
    price(10_000_001).thenThrows('INVALID', 'The price must be a whole number of cents between 0 and 100000.00 dollars.');
  });

  it('records nothing when the same change is asked again', () => {
    const changed: ProductEvent = { type: 'ProductDetailsChanged', data: { priceCents: 1000 } };
    spec
      .given(added, changed)
      .when({ kind: 'ChangeProductDetails', productId: 7, changes: { priceCents: 1000 } })
      .thenNothing();
  });

  it('refuses to change a product that does not exist', () => {
    spec
      .given()
      .when({ kind: 'ChangeProductDetails', productId: 8, changes: { priceCents: 1000 } })
      .thenThrows('NOT_FOUND', 'Product 8 was not found.');
  });

  it('records only the details that changed', () => {
    spec
      .given(added)
      .when({ kind: 'ChangeProductDetails', productId: 7, changes: { name: 'Bat Patch', priceCents: 1000 } })
      .then([{ type: 'ProductDetailsChanged', data: { priceCents: 1000 } }]);
  });

  it('sets stock, keeping in-stock and quantity as given', () => {
    spec
      .given(added)
      .when({ kind: 'SetStock', productId: 7, inStock: false, stockQuantity: 3 })
      .then([{ type: 'StockSet', data: { inStock: false, stockQuantity: 3 } }]);
  });

  it('sets a new quantity under the same in-stock flag', () => {
    spec
      .given(added)
      .when({ kind: 'SetStock', productId: 7, inStock: true, stockQuantity: 10 })
      .then([{ type: 'StockSet', data: { inStock: true, stockQuantity: 10 } }]);
  });

  it('accepts a stock quantity from 0 to exactly 100000', () => {
    spec
      .given(added)
      .when({ kind: 'SetStock', productId: 7, inStock: false, stockQuantity: 0 })
      .then([{ type: 'StockSet', data: { inStock: false, stockQuantity: 0 } }]);
    spec
      .given(added)
      .when({ kind: 'SetStock', productId: 7, inStock: true, stockQuantity: 100_000 })
      .then([{ type: 'StockSet', data: { inStock: true, stockQuantity: 100_000 } }]);
  });

  it('records nothing when the stock is already as asked', () => {
    spec.given(added).when({ kind: 'SetStock', productId: 7, inStock: true, stockQuantity: 3 }).thenNothing();
  });

  it.each([-1, 1.5, 100_001])('refuses the stock quantity %p', (stockQuantity) => {
    spec
      .given(added)
      .when({ kind: 'SetStock', productId: 7, inStock: true, stockQuantity })
      .thenThrows('INVALID', /stock quantity/);
  });

  it('refuses commands for a product that does not exist', () => {
    spec.given().when({ kind: 'SetStock', productId: 8, inStock: true, stockQuantity: 1 }).thenThrows('NOT_FOUND', 'Product 8 was not found.');
  });
});
