import { added, aProduct } from '../../test/support/cart-fixtures';
import { deciderSpec } from '../../test/support/decider-spec';
import type { ProductSnapshot } from '../catalog';
import { fold } from '../platform/event-store/decider';
import { cartDecider, type LineToMerge, MAX_LINE_QUANTITY } from './cart.decider';
import type { CartEvent, MergedLine } from './cart.events';

const spec = deciderSpec(cartDecider);
const created: CartEvent = { type: 'CartCreated', data: { cartId: 'c1', sessionId: 's1' } };
const product = (productId: number, name: string, priceCents: number, stockQuantity = 50) => aProduct(productId, name, priceCents, stockQuantity);
const hoodie = product(1, 'Raven Hoodie', 6800);
const tee = product(2, 'Bat Tee', 3200);
/** A line of the other cart: its item `o<productId>`, new here as `n<productId>`. */
const theirs = (p: ProductSnapshot | undefined, quantity: number, productId = p!.productId): LineToMerge => ({
  fromItemId: `o${productId}`,
  productId,
  variantId: `${productId}-1`,
  quantity,
  newItemId: `n${productId}`,
  product: p,
});
const merge = (...lines: LineToMerge[]) => ({ kind: 'MergeLines' as const, fromCartId: 'c2', lines });
const merged = (...lines: MergedLine[]): CartEvent => ({ type: 'LinesMerged', data: { fromCartId: 'c2', lines } });
const mine = added('i1', hoodie);

describe("cart decider: merging another cart's lines", () => {
  it('adds a product the cart does not hold as a new line at its catalogue price, and one it holds to that line', () => {
    spec
      .given(created, mine)
      .when(merge(theirs(tee, 2), theirs(hoodie, 1)))
      .then([
        added('n2', tee, 2),
        { type: 'ItemQuantityChanged', data: { itemId: 'i1', quantity: 2 } },
        merged({ fromItemId: 'o2', productId: 2, quantity: 2, added: 2 }, { fromItemId: 'o1', productId: 1, quantity: 1, added: 1 }),
      ]);
  });

  it('adds two lines of the same product to one line here', () => {
    spec
      .given(created, mine)
      .when(merge(theirs(tee, 2), { ...theirs(tee, 1), fromItemId: 'o2b', newItemId: 'n2b' }))
      .then([
        added('n2', tee, 2),
        { type: 'ItemQuantityChanged', data: { itemId: 'n2', quantity: 3 } },
        merged({ fromItemId: 'o2', productId: 2, quantity: 2, added: 2 }, { fromItemId: 'o2b', productId: 2, quantity: 1, added: 1 }),
      ]);
  });

  it('merges nothing twice: the same lines again ask for nothing', () => {
    const first = merged({ fromItemId: 'o2', productId: 2, quantity: 2, added: 2 });
    spec
      .given(created, mine, added('n2', tee, 2), first)
      .when(merge(theirs(tee, 2)))
      .thenNothing();
    spec
      .given(created, mine, added('n2', tee, 2), first)
      .when(merge(theirs(tee, 1)))
      .thenNothing();
  });

  it('adds only what a line gained since it was merged, even after the shopper changed their own line', () => {
    const first = merged({ fromItemId: 'o2', productId: 2, quantity: 2, added: 2 });
    spec
      .given(created, mine, added('n2', tee, 2), first, { type: 'ItemQuantityChanged', data: { itemId: 'n2', quantity: 1 } })
      .when(merge(theirs(tee, 3)))
      .then([{ type: 'ItemQuantityChanged', data: { itemId: 'n2', quantity: 2 } }, merged({ fromItemId: 'o2', productId: 2, quantity: 3, added: 1 })]);
  });

  it('remembers every merged line, across merges, and keeps them after the cart is emptied', () => {
    const state = fold(cartDecider, [
      created,
      merged({ fromItemId: 'o1', productId: 1, quantity: 1, added: 1 }),
      merged({ fromItemId: 'o2', productId: 2, quantity: 4, added: 4 }),
      { type: 'CartCleared', data: {} },
    ]);
    expect(state.exists && state.mergedFrom).toEqual({ o1: 1, o2: 4 });
  });

  it('adds up to the stock, counting what the cart holds, and says it lowered the quantity', () => {
    const scarce = product(2, 'Bat Tee', 3200, 3);
    spec
      .given(created, added('i2', scarce, 2))
      .when(merge(theirs(scarce, 2)))
      .then([{ type: 'ItemQuantityChanged', data: { itemId: 'i2', quantity: 3 } }, merged({ fromItemId: 'o2', productId: 2, quantity: 2, added: 1, note: 'lowered' })]);
    spec
      .given(created, mine)
      .when(merge(theirs(scarce, 3)))
      .then([added('n2', scarce, 3), merged({ fromItemId: 'o2', productId: 2, quantity: 3, added: 3 })]);
  });

  it('adds nothing of a line the cart already holds every unit of, and says so', () => {
    const scarce = product(2, 'Bat Tee', 3200, 2);
    spec
      .given(created, added('i2', scarce, 2))
      .when(merge(theirs(scarce, 1)))
      .then([merged({ fromItemId: 'o2', productId: 2, quantity: 1, added: 0, note: 'lowered' })]);
  });

  it('keeps to the line limit', () => {
    const plenty = product(2, 'Bat Tee', 3200, 500);
    spec
      .given(created, added('i2', plenty, MAX_LINE_QUANTITY - 1))
      .when(merge(theirs(plenty, 5)))
      .then([{ type: 'ItemQuantityChanged', data: { itemId: 'i2', quantity: MAX_LINE_QUANTITY } }, merged({ fromItemId: 'o2', productId: 2, quantity: 5, added: 1, note: 'lowered' })]);
  });

  it('leaves out a product sold out, marked out of stock or gone from the catalogue, and says it sold out', () => {
    const soldOut = product(2, 'Bat Tee', 3200, 0);
    const markedOut = { ...product(3, 'Moth Cardigan', 7500, 4), inStock: false };
    spec
      .given(created, mine)
      .when(merge(theirs(soldOut, 1), theirs(markedOut, 1), theirs(undefined, 1, 9)))
      .then([
        merged(
          { fromItemId: 'o2', productId: 2, quantity: 1, added: 0, note: 'soldout' },
          { fromItemId: 'o3', productId: 3, quantity: 1, added: 0, note: 'soldout' },
          { fromItemId: 'o9', productId: 9, quantity: 1, added: 0, note: 'soldout' },
        ),
      ]);
  });

  it('keys the lines by variant: a size the cart holds joins its line, another size is a line of its own', () => {
    const inSize = (variantId: string, variantName: string): ProductSnapshot => ({ ...hoodie, variantId, variantName });
    const m = inSize('1-2', 'M');
    const l = inSize('1-3', 'L');
    const theirsInSize = (p: ProductSnapshot, quantity: number): LineToMerge => ({
      ...theirs(p, quantity),
      fromItemId: `o${p.variantId}`,
      newItemId: `n${p.variantId}`,
      variantId: p.variantId,
    });
    spec
      .given(created, added('i1', m))
      .when(merge(theirsInSize(m, 2), theirsInSize(l, 1)))
      .then([
        { type: 'ItemQuantityChanged', data: { itemId: 'i1', quantity: 3 } },
        added('n1-3', l, 1),
        merged({ fromItemId: 'o1-2', productId: 1, quantity: 2, added: 2 }, { fromItemId: 'o1-3', productId: 1, quantity: 1, added: 1 }),
      ]);
    // Two sizes new to the cart are two lines, and a second line of one of them joins it.
    spec
      .given(created)
      .when(merge(theirsInSize(m, 1), theirsInSize(l, 1), { ...theirsInSize(l, 2), fromItemId: 'o1-3b', newItemId: 'n1-3b' }))
      .then([
        added('n1-2', m, 1),
        added('n1-3', l, 1),
        { type: 'ItemQuantityChanged', data: { itemId: 'n1-3', quantity: 3 } },
        merged(
          { fromItemId: 'o1-2', productId: 1, quantity: 1, added: 1 },
          { fromItemId: 'o1-3', productId: 1, quantity: 1, added: 1 },
          { fromItemId: 'o1-3b', productId: 1, quantity: 2, added: 2 },
        ),
      ]);
  });

  it('merges nothing from an empty cart', () => {
    spec.given(created, mine).when(merge()).thenNothing();
  });

  it('refuses to merge into a cart being paid for, or one that does not exist', () => {
    spec
      .given(created, mine, { type: 'CheckoutStarted', data: { orderId: 'o1' } })
      .when(merge(theirs(tee, 1)))
      .thenThrows('CHECKOUT_IN_PROGRESS');
    spec
      .given()
      .when(merge(theirs(tee, 1)))
      .thenThrows('NOT_FOUND');
  });

  it("counts the merge as the shopper's change of an abandoned cart: no more recovery emails", () => {
    const state = fold(cartDecider, [created, mine, { type: 'CartAbandoned', data: {} }, added('n2', tee, 1), merged({ fromItemId: 'o2', productId: 2, quantity: 1, added: 1 })]);
    expect(state.exists && state.changedSinceAbandoned).toBe(true);
  });
});
