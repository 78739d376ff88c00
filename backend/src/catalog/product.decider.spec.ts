import { DomainError } from '../platform/errors/domain-error';
import { fold } from '../platform/event-store/decider';
import { productDecider, ProductCommand } from './product.decider';
import type { ProductEvent } from './product.events';

const added: ProductEvent = {
  type: 'ProductAdded',
  data: { productId: 7, name: 'Bat Patch', description: 'A bat', priceCents: 900, imageUrl: '/b.svg', category: 'patches', inStock: true, stockQuantity: 3 },
};

/** given past events, when a command, then the new events (or the refusal). */
const given = (...events: ProductEvent[]) => ({
  when: (command: ProductCommand) => () => productDecider.decide(command, fold(productDecider, events)),
});

describe('product decider', () => {
  it('adds a new product', () => {
    const { data } = added as Extract<ProductEvent, { type: 'ProductAdded' }>;
    expect(given().when({ kind: 'AddProduct', ...data })()).toEqual([added]);
  });

  it('refuses to add a product twice', () => {
    const { data } = added as Extract<ProductEvent, { type: 'ProductAdded' }>;
    expect(given(added).when({ kind: 'AddProduct', ...data })).toThrow(new DomainError('conflict', 'Product 7 already exists.'));
  });

  it.each([
    [{ name: '  ' }, 'A product needs a name.'],
    [{ priceCents: -1 }, /price/],
    [{ priceCents: 9.5 }, /price/],
  ])('refuses details %j', (changes, message) => {
    expect(given(added).when({ kind: 'ChangeProductDetails', productId: 7, changes })).toThrow(message);
  });

  it('records only the details that changed', () => {
    expect(given(added).when({ kind: 'ChangeProductDetails', productId: 7, changes: { name: 'Bat Patch', priceCents: 1000 } })()).toEqual([
      { type: 'ProductDetailsChanged', data: { priceCents: 1000 } },
    ]);
  });

  it('sets stock, keeping in-stock and quantity as given', () => {
    expect(given(added).when({ kind: 'SetStock', productId: 7, inStock: false, stockQuantity: 3 })()).toEqual([
      { type: 'StockSet', data: { inStock: false, stockQuantity: 3 } },
    ]);
  });

  it('records nothing when the stock is already as asked', () => {
    expect(given(added).when({ kind: 'SetStock', productId: 7, inStock: true, stockQuantity: 3 })()).toEqual([]);
  });

  it.each([-1, 1.5, 100_001])('refuses the stock quantity %p', (stockQuantity) => {
    expect(given(added).when({ kind: 'SetStock', productId: 7, inStock: true, stockQuantity })).toThrow(/stock quantity/);
  });

  it('refuses commands for a product that does not exist', () => {
    expect(given().when({ kind: 'SetStock', productId: 8, inStock: true, stockQuantity: 1 })).toThrow(new DomainError('not-found', 'Product 8 was not found.'));
  });
});
