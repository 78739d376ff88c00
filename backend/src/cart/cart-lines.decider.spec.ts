import { added, aProduct } from '../../test/support/cart-fixtures';
import { deciderSpec } from '../../test/support/decider-spec';
import { fold } from '../platform/event-store/decider';
import { cartDecider, MAX_LINE_QUANTITY, totalCents } from './cart.decider';
import type { CartEvent } from './cart.events';

const spec = deciderSpec(cartDecider);
const created: CartEvent = { type: 'CartCreated', data: { cartId: 'c1', sessionId: 's1' } };
const product = (productId: number, name: string, priceCents: number, stockQuantity = 500) => aProduct(productId, name, priceCents, stockQuantity);
const hoodie = product(1, 'Raven Hoodie', 6800);
const tee = product(2, 'Bat Tee', 3200);
const hoodieLine = added('i1', hoodie);
const teeLine = added('i2', tee, 2);

describe('cart decider: carts with several lines', () => {
  it('adds a second product as a line of its own', () => {
    spec.given(created, hoodieLine).when({ kind: 'AddItem', newItemId: 'i2', quantity: 2, product: tee }).then([teeLine]);
  });

  it('raises the quantity of the matching line only', () => {
    spec
      .given(created, hoodieLine, teeLine)
      .when({ kind: 'AddItem', newItemId: 'i3', quantity: 1, product: tee })
      .then([{ type: 'ItemQuantityChanged', data: { itemId: 'i2', quantity: 3 } }]);
  });

  it('changes the quantity of the line named, and leaves the other', () => {
    spec
      .given(created, hoodieLine, teeLine)
      .when({ kind: 'ChangeQuantity', itemId: 'i2', quantity: 5, stock: tee })
      .then([{ type: 'ItemQuantityChanged', data: { itemId: 'i2', quantity: 5 } }]);
    const state = fold(cartDecider, [created, hoodieLine, teeLine, { type: 'ItemQuantityChanged', data: { itemId: 'i2', quantity: 5 } }]);
    expect(state.exists && state.lines.map((l) => [l.itemId, l.quantity])).toEqual([
      ['i1', 1],
      ['i2', 5],
    ]);
  });

  it('does nothing when the quantity is already the one asked for', () => {
    spec.given(created, hoodieLine, teeLine).when({ kind: 'ChangeQuantity', itemId: 'i2', quantity: 2, stock: tee }).thenNothing();
  });

  it('removes the line named, and keeps the other', () => {
    spec
      .given(created, hoodieLine, teeLine)
      .when({ kind: 'RemoveItem', itemId: 'i1' })
      .then([{ type: 'ItemRemoved', data: { itemId: 'i1' } }]);
    const state = fold(cartDecider, [created, hoodieLine, teeLine, { type: 'ItemRemoved', data: { itemId: 'i1' } }]);
    expect(state.exists && state.lines.map((l) => l.itemId)).toEqual(['i2']);
  });

  it('refuses to remove an item that is not in the cart', () => {
    spec.given(created, hoodieLine).when({ kind: 'RemoveItem', itemId: 'gone' }).thenThrows('NOT_FOUND', 'That item is no longer in the cart.');
  });

  it('empties every line when cleared', () => {
    spec
      .given(created, hoodieLine, teeLine)
      .when({ kind: 'ClearCart' })
      .then([{ type: 'CartCleared', data: {} }]);
    const state = fold(cartDecider, [created, hoodieLine, teeLine, { type: 'CartCleared', data: {} }]);
    expect(state.exists && state.lines).toEqual([]);
  });

  it('totals every line at its own price and quantity', () => {
    const state = fold(cartDecider, [created, hoodieLine, teeLine]);
    expect(state.exists && totalCents(state.lines)).toBe(6800 + 2 * 3200);
  });
});

describe('cart decider: the line cap', () => {
  it(`accepts exactly ${MAX_LINE_QUANTITY} of one product`, () => {
    spec
      .given(created)
      .when({ kind: 'AddItem', newItemId: 'i1', quantity: MAX_LINE_QUANTITY, product: hoodie })
      .then([added('i1', hoodie, MAX_LINE_QUANTITY)]);
    spec
      .given(created, hoodieLine)
      .when({ kind: 'ChangeQuantity', itemId: 'i1', quantity: MAX_LINE_QUANTITY, stock: hoodie })
      .then([{ type: 'ItemQuantityChanged', data: { itemId: 'i1', quantity: MAX_LINE_QUANTITY } }]);
  });

  it(`refuses a line above ${MAX_LINE_QUANTITY}, by adding or by changing the quantity`, () => {
    spec
      .given(created)
      .when({ kind: 'AddItem', newItemId: 'i1', quantity: MAX_LINE_QUANTITY + 1, product: hoodie })
      .thenThrows('LINE_LIMIT', /at most 99/);
    spec
      .given(created, added('i1', hoodie, MAX_LINE_QUANTITY))
      .when({ kind: 'AddItem', newItemId: 'i2', quantity: 1, product: hoodie })
      .thenThrows('LINE_LIMIT');
    spec
      .given(created, hoodieLine)
      .when({ kind: 'ChangeQuantity', itemId: 'i1', quantity: MAX_LINE_QUANTITY + 1, stock: hoodie })
      .thenThrows('LINE_LIMIT');
  });

  it('accepts exactly the stock left, and refuses one more', () => {
    const three = product(7, 'Rose Hoop', 5500, 3);
    spec
      .given(created)
      .when({ kind: 'AddItem', newItemId: 'i1', quantity: 3, product: three })
      .then([added('i1', three, 3)]);
    spec.given(created).when({ kind: 'AddItem', newItemId: 'i1', quantity: 4, product: three }).thenThrows('INSUFFICIENT_STOCK', 'Only 3 of Rose Hoop left.');
  });
});

describe('cart decider: sizes of one product', () => {
  /** The hoodie in size M (1-2) and L (1-3), each with its own units. */
  const inSize = (variantId: string, variantName: string, stockQuantity: number) => ({ ...product(1, 'Raven Hoodie', 6800, stockQuantity), variantId, variantName });
  const m = inSize('1-2', 'M', 5);
  const l = inSize('1-3', 'L', 2);
  const mLine = added('i1', m);

  it('keeps two sizes of one product as two lines, each with its variant', () => {
    spec
      .given(created, mLine)
      .when({ kind: 'AddItem', newItemId: 'i2', quantity: 2, product: l })
      .then([added('i2', l, 2)]);
    const state = fold(cartDecider, [created, mLine, added('i2', l, 2)]);
    expect(state.exists && state.lines.map((line) => [line.itemId, line.productId, line.variantId, line.variantName, line.quantity])).toEqual([
      ['i1', 1, '1-2', 'M', 1],
      ['i2', 1, '1-3', 'L', 2],
    ]);
  });

  it('adds to the line of the same size only', () => {
    spec
      .given(created, mLine, added('i2', l))
      .when({ kind: 'AddItem', newItemId: 'i3', quantity: 1, product: m })
      .then([{ type: 'ItemQuantityChanged', data: { itemId: 'i1', quantity: 2 } }]);
  });

  it("counts the size's own units and line, and names the size when short", () => {
    // 1 M in the cart does not count against L's 2.
    spec
      .given(created, mLine)
      .when({ kind: 'AddItem', newItemId: 'i2', quantity: 2, product: l })
      .then([added('i2', l, 2)]);
    spec.given(created, added('i2', l)).when({ kind: 'AddItem', newItemId: 'i3', quantity: 2, product: l }).thenThrows('INSUFFICIENT_STOCK', 'Only 2 of Raven Hoodie, L left.');
    spec
      .given(created, added('i2', l))
      .when({ kind: 'ChangeQuantity', itemId: 'i2', quantity: 2, stock: { ...l, stockQuantity: 0 } })
      .thenThrows('OUT_OF_STOCK', 'Raven Hoodie, L is sold out.');
    // A one-variant product is named alone, as is a size-less stock.
    spec
      .given(created, hoodieLine)
      .when({ kind: 'ChangeQuantity', itemId: 'i1', quantity: 2, stock: { name: 'Raven Hoodie', inStock: false, stockQuantity: 0 } })
      .thenThrows('OUT_OF_STOCK', 'Raven Hoodie is sold out.');
  });

  it("reads a line added before variants as the product's only variant, <productId>-1, named nothing", () => {
    const legacyLine = { type: 'ItemAdded', data: { itemId: 'i1', productId: 1, name: 'Raven Hoodie', imageUrl: '/1.svg', unitPriceCents: 6800, quantity: 1 } } as CartEvent;
    const state = fold(cartDecider, [created, legacyLine]);
    expect(state.exists && state.lines).toEqual([
      { itemId: 'i1', productId: 1, variantId: '1-1', variantName: '', name: 'Raven Hoodie', imageUrl: '/1.svg', unitPriceCents: 6800, quantity: 1 },
    ]);
    // The product's only variant added again joins that line.
    spec
      .given(created, legacyLine)
      .when({ kind: 'AddItem', newItemId: 'i2', quantity: 1, product: hoodie })
      .then([{ type: 'ItemQuantityChanged', data: { itemId: 'i1', quantity: 2 } }]);
  });
});
