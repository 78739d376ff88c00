import type { ProductSnapshot } from '../catalog';
import { DomainError } from '../platform/errors/domain-error';
import { fold } from '../platform/event-store/decider';
import { cartDecider, CartCommand, totalCents } from './cart.decider';
import type { CartEvent } from './cart.events';

const created: CartEvent = { type: 'CartCreated', data: { cartId: 'c1', sessionId: 's1' } };
const hoodie: ProductSnapshot = { productId: 1, variantId: '1-1', variantName: '', name: 'Raven Hoodie', imageUrl: '/r.svg', priceCents: 6800, inStock: true, stockQuantity: 3 };
const hoodieAdded: CartEvent = {
  type: 'ItemAdded',
  data: { itemId: 'i1', productId: 1, variantId: '1-1', variantName: '', name: 'Raven Hoodie', imageUrl: '/r.svg', unitPriceCents: 6800, quantity: 1 },
};

/** given past events, when a command, then the new events (or the refusal). */
const given = (...events: CartEvent[]) => ({
  when: (command: CartCommand) => () => cartDecider.decide(command, fold(cartDecider, events)),
});

describe('cart decider', () => {
  it('creates a cart once; creating it again changes nothing', () => {
    expect(given().when({ kind: 'CreateCart', cartId: 'c1', sessionId: 's1' })()).toEqual([created]);
    expect(given(created).when({ kind: 'CreateCart', cartId: 'c1', sessionId: 's1' })()).toEqual([]);
  });

  it('adds a product at the catalogue price', () => {
    expect(given(created).when({ kind: 'AddItem', newItemId: 'i1', quantity: 1, product: hoodie })()).toEqual([hoodieAdded]);
  });

  it('raises the quantity when the product is already in the cart', () => {
    expect(given(created, hoodieAdded).when({ kind: 'AddItem', newItemId: 'i2', quantity: 2, product: hoodie })()).toEqual([
      { type: 'ItemQuantityChanged', data: { itemId: 'i1', quantity: 3 } },
    ]);
  });

  it('refuses a sold-out product', () => {
    const soldOut = { ...hoodie, inStock: false, stockQuantity: 0 };
    expect(given(created).when({ kind: 'AddItem', newItemId: 'i1', quantity: 1, product: soldOut })).toThrow(new DomainError('conflict', 'Raven Hoodie is sold out.'));
  });

  it('refuses more than the stock, counting what the cart holds', () => {
    expect(given(created, hoodieAdded).when({ kind: 'AddItem', newItemId: 'i2', quantity: 3, product: hoodie })).toThrow(new DomainError('conflict', 'Only 3 of Raven Hoodie left.'));
  });

  it('removes an item whose quantity is set to 0 or below', () => {
    expect(given(created, hoodieAdded).when({ kind: 'ChangeQuantity', itemId: 'i1', quantity: 0, stock: hoodie })()).toEqual([{ type: 'ItemRemoved', data: { itemId: 'i1' } }]);
    expect(given(created, hoodieAdded).when({ kind: 'ChangeQuantity', itemId: 'i1', quantity: -2, stock: hoodie })()).toEqual([{ type: 'ItemRemoved', data: { itemId: 'i1' } }]);
  });

  it('lets a quantity go down even when the product has since sold out', () => {
    const twoHoodies: CartEvent = { type: 'ItemQuantityChanged', data: { itemId: 'i1', quantity: 2 } };
    const soldOut = { ...hoodie, inStock: false, stockQuantity: 0 };
    expect(given(created, hoodieAdded, twoHoodies).when({ kind: 'ChangeQuantity', itemId: 'i1', quantity: 1, stock: soldOut })()).toEqual([
      { type: 'ItemQuantityChanged', data: { itemId: 'i1', quantity: 1 } },
    ]);
    expect(given(created, hoodieAdded).when({ kind: 'ChangeQuantity', itemId: 'i1', quantity: 2, stock: soldOut })).toThrow(/sold out/);
  });

  it('does not bring back a removed item', () => {
    const removed: CartEvent = { type: 'ItemRemoved', data: { itemId: 'i1' } };
    expect(given(created, hoodieAdded, removed).when({ kind: 'ChangeQuantity', itemId: 'i1', quantity: 2, stock: hoodie })).toThrow(
      new DomainError('not-found', 'That item is no longer in the cart.'),
    );
  });

  it('records contact details only when they change', () => {
    const given1 = { kind: 'GiveContactDetails', name: 'Ana', email: 'ana@example.com', atCheckout: true } as const;
    expect(given(created).when(given1)()).toEqual([{ type: 'ContactDetailsGiven', data: { name: 'Ana', email: 'ana@example.com', atCheckout: true } }]);
    expect(given(created, { type: 'ContactDetailsGiven', data: { name: 'Ana', email: 'ana@example.com', atCheckout: true } }).when(given1)()).toEqual([]);
  });

  it('clears a cart with items, and does nothing to an empty one', () => {
    expect(given(created, hoodieAdded).when({ kind: 'ClearCart' })()).toEqual([{ type: 'CartCleared', data: {} }]);
    expect(given(created).when({ kind: 'ClearCart' })()).toEqual([]);
  });

  it('is no cart until it is created, whatever events come first', () => {
    expect(fold(cartDecider, [])).toEqual({ exists: false });
    expect(fold(cartDecider, [hoodieAdded, { type: 'CartAbandoned', data: {} }, { type: 'ContactDetailsGiven', data: { name: 'Ana', email: 'ana@example.com' } }])).toEqual({
      exists: false,
    });
  });

  it('refuses commands on a cart that does not exist', () => {
    expect(given().when({ kind: 'ClearCart' })).toThrow(new DomainError('not-found', 'That cart was not found.'));
  });

  it('totals lines in cents', () => {
    const state = fold(cartDecider, [created, hoodieAdded, { type: 'ItemQuantityChanged', data: { itemId: 'i1', quantity: 2 } }]);
    expect(state.exists && totalCents(state.lines)).toBe(13600);
  });
});
