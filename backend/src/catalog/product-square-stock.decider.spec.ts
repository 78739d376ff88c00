import { deciderSpec } from '../../test/support/decider-spec';
import { batPatch, onlyVariant, patchAdded, productImported, reserved, sold, stockSet } from '../../test/support/product-fixtures';
import { fold } from '../platform/event-store/decider';
import { productDecider } from './product.decider';
import { compareTimes, onHandFromSquare } from './product-square-counts';
import type { ProductEvent } from './product.events';

const spec = deciderSpec(productDecider);
const T1 = '2026-11-24T14:00:00.000Z';
const T2 = '2026-11-24T14:00:05.000Z';
const T3 = '2026-11-24T14:00:09.000Z';
const linked = productImported([onlyVariant({ squareVariationId: 'VAR', squareCount: 3, squareCountAt: T1 })]);
const unlinked = patchAdded;
const count = (quantity: number, calculatedAt: string) => ({ kind: 'ApplySquareCount' as const, productId: 7, squareVariationId: 'VAR', quantity, calculatedAt });
const push = (change: string, answer: { squareCount: number; squareCountAt: string } | object = {}) => ({
  kind: 'RecordSquarePush' as const,
  productId: 7,
  variantId: '7-1',
  change,
  ...answer,
});
const pushed = (change: string, quantity: number, answer: { squareCount: number; squareCountAt: string } | object = {}): ProductEvent => ({
  type: 'StockPushedToSquare',
  data: { variantId: '7-1', change, quantity, ...answer },
});

describe('product stock from Square counts', () => {
  it('applies a newer count as the units on hand, with the count and its time', () => {
    spec
      .given(linked)
      .when(count(2, T2))
      .then([stockSet('7-1', true, 2, { squareCount: 2, squareCountAt: T2 })]);
    spec
      .given(linked)
      .when(count(0, T2))
      .then([stockSet('7-1', false, 0, { squareCount: 0, squareCountAt: T2 })]);
  });

  it('records a newer count even when the units did not change, so that its time orders later ones', () => {
    spec
      .given(linked)
      .when(count(3, T2))
      .then([stockSet('7-1', true, 3, { squareCount: 3, squareCountAt: T2 })]);
  });

  it('never applies a count as old as or older than one applied (out of order, repeated)', () => {
    spec.given(linked).when(count(9, T1)).thenNothing();
    spec.given(linked).when(count(9, '2026-11-24T13:59:59.999Z')).thenNothing();
    spec
      .given(linked, stockSet('7-1', true, 1, { squareCount: 1, squareCountAt: T3 }))
      .when(count(5, T2))
      .thenNothing();
  });

  it('keeps the time of the last count through a change that carries none', () => {
    spec
      .given(linked, stockSet('7-1', true, 1, { squareCount: 1, squareCountAt: T3 }), stockSet('7-1', true, 4))
      .when(count(5, T2))
      .thenNothing();
  });

  it('applies the first count to a variant that never had one', () => {
    spec
      .given(productImported([onlyVariant({ squareVariationId: 'VAR' })]))
      .when(count(1, T1))
      .then([stockSet('7-1', true, 1, { squareCount: 1, squareCountAt: T1 })]);
  });

  it('ignores counts of another variation, and products that follow none', () => {
    spec
      .given(linked)
      .when({ ...count(1, T2), squareVariationId: 'OTHER' })
      .thenNothing();
    spec.given(unlinked).when(count(1, T2)).thenNothing();
    spec.given().when(count(1, T2)).thenNothing();
  });

  it('keeps reserved units in the count: a reservation is not subtracted again', () => {
    // The stall sold 1 of 3 while a checkout holds 1: on hand 2, of which 1 is held.
    spec
      .given(linked, reserved('a'))
      .when(count(2, T2))
      .then([stockSet('7-1', true, 2, { squareCount: 2, squareCountAt: T2 })]);
  });

  it('subtracts online sales Square has not been told of yet', () => {
    // Sold 1 online (on hand 2, push pending); the stall sells 1: Square says 2, which still holds our sale.
    spec
      .given(linked, reserved('a'), sold('a'))
      .when(count(2, T2))
      .then([stockSet('7-1', true, 1, { squareCount: 2, squareCountAt: T2 })]);
  });

  it("records the push once, and takes Square's answer as a count", () => {
    spec
      .given(linked, reserved('a'), sold('a'))
      .when(push('sold:a', { squareCount: 2, squareCountAt: T2 }))
      .then([pushed('sold:a', -1, { squareCount: 2, squareCountAt: T2 }), stockSet('7-1', true, 2, { squareCount: 2, squareCountAt: T2 })]);
    spec
      .given(linked, reserved('a'), sold('a'), pushed('sold:a', -1, { squareCount: 2, squareCountAt: T2 }))
      .when(push('sold:a', { squareCount: 2, squareCountAt: T2 }))
      .thenNothing();
  });

  it('records nothing for a change it never made, or of a variant it does not have', () => {
    spec.given(linked, reserved('a'), sold('a')).when(push('sold:b')).thenNothing();
    spec
      .given(linked, reserved('a'), sold('a'))
      .when({ ...push('sold:a'), variantId: '7-9' })
      .thenNothing();
    spec.given().when(push('sold:a')).thenNothing();
  });

  it('corrects the units when the echo of a push was applied before the push was recorded', () => {
    // Echo (count 2 at T2, our sale included) applied while the sale was still pending: 1 on hand, one too few.
    const echo = stockSet('7-1', true, 1, { squareCount: 2, squareCountAt: T2 });
    spec
      .given(linked, reserved('a'), sold('a'), echo)
      .when(push('sold:a', { squareCount: 2, squareCountAt: T2 }))
      .then([pushed('sold:a', -1, { squareCount: 2, squareCountAt: T2 }), stockSet('7-1', true, 2)]);
    // The same from an answer older than the echo: the echo held the change all the same.
    spec
      .given(linked, reserved('a'), sold('a'), echo)
      .when(push('sold:a', { squareCount: 3, squareCountAt: T1 }))
      .then([pushed('sold:a', -1, { squareCount: 3, squareCountAt: T1 }), stockSet('7-1', true, 2)]);
  });

  it('corrects nothing when the units are right already', () => {
    // The echo left 1 on hand, and the operator set 2 before the push was recorded: 2 is what the echo says.
    const echo = stockSet('7-1', true, 1, { squareCount: 2, squareCountAt: T2 });
    spec
      .given(linked, reserved('a'), sold('a'), echo, stockSet('7-1', true, 2))
      .when(push('sold:a', { squareCount: 2, squareCountAt: T2 }))
      .then([pushed('sold:a', -1, { squareCount: 2, squareCountAt: T2 })]);
  });

  it('gives back no unit when Square answered a push without a count', () => {
    // The count applied (3 at T1) is from before the sale: nothing says it holds the change, so the units stay 2.
    spec
      .given(linked, reserved('a'), sold('a'))
      .when(push('sold:a'))
      .then([pushed('sold:a', -1)]);
    spec
      .given(productImported([onlyVariant({ squareVariationId: 'VAR' })]), reserved('a'), sold('a'))
      .when(push('sold:a'))
      .then([pushed('sold:a', -1)]);
  });

  it('records a push with no more than it knows: no count when Square answered none', () => {
    const state = fold(productDecider, [linked, reserved('a'), sold('a')]);
    expect(productDecider.decide(push('sold:a'), state)).toStrictEqual([pushed('sold:a', -1)]);
  });

  it('lets the reserved sale complete when the stall sold the last unit, and keeps the negative count', () => {
    const one = stockSet('7-1', true, 1, { squareCount: 1, squareCountAt: T1 });
    const stallSale = stockSet('7-1', false, 0, { squareCount: 0, squareCountAt: T2 });
    spec
      .given(linked, one, reserved('a'), stallSale)
      .when({ kind: 'SellStock', productId: 7, orderId: 'a' })
      .then([sold('a')]);
    // A checkout that starts after the stall's count is refused.
    spec.given(linked, one, stallSale).when({ kind: 'ReserveStock', productId: 7, variantId: '7-1', orderId: 'b', quantity: 1 }).thenThrows('OUT_OF_STOCK');
    // Our push takes Square to -1: kept as the count, 0 on hand.
    spec
      .given(linked, one, reserved('a'), stallSale, sold('a'))
      .when(push('sold:a', { squareCount: -1, squareCountAt: T3 }))
      .then([pushed('sold:a', -1, { squareCount: -1, squareCountAt: T3 }), stockSet('7-1', false, 0, { squareCount: -1, squareCountAt: T3 })]);
  });

  it("keeps an operator's Mark Sold Out", () => {
    spec
      .given(linked, stockSet('7-1', false, 3))
      .when(count(5, T2))
      .then([stockSet('7-1', false, 5, { squareCount: 5, squareCountAt: T2 })]);
  });

  it('puts a variant sold out by the count back on sale when units come', () => {
    spec
      .given(linked, stockSet('7-1', false, 0, { squareCount: 0, squareCountAt: T2 }))
      .when(count(2, T3))
      .then([stockSet('7-1', true, 2, { squareCount: 2, squareCountAt: T3 })]);
  });

  it('does not remember sales of a product that follows no variation', () => {
    spec.given(unlinked, reserved('a'), sold('a')).when(push('sold:a')).thenNothing();
  });

  it('heals drift in a sync through the same rule, and links an imported product to its variation', () => {
    const reading = { squareVariationId: 'VAR', quantity: 1, calculatedAt: T2 };
    const variation = { squareVariationId: 'VAR', name: '', options: {}, priceCents: 900, stock: { inStock: true, stockQuantity: 1 }, count: reading };
    const { images: _images, ...details } = batPatch;
    const importing = { kind: 'ImportFromSquare' as const, productId: 7, squareItemId: 'ITEM', details, options: [], variations: [variation] };
    spec
      .given(linked)
      .when(importing)
      .then([stockSet('7-1', true, 1, { squareCount: 1, squareCountAt: T2 })]);
    spec
      .given(linked)
      .when({ ...importing, variations: [{ ...variation, count: { ...reading, calculatedAt: T1 } }] })
      .thenNothing();
    // A product imported before it followed its variation is linked to it, and takes its count.
    spec
      .given(productImported([onlyVariant()]))
      .when(importing)
      .then([{ type: 'VariantLinkedToSquare', data: { variantId: '7-1', squareVariationId: 'VAR' } }, stockSet('7-1', true, 1, { squareCount: 1, squareCountAt: T2 })]);
    spec
      .given()
      .when(importing)
      .then([productImported([onlyVariant({ stockQuantity: 1, squareVariationId: 'VAR', squareCount: 1, squareCountAt: T2 })], [], { ...batPatch, images: [] })]);
  });

  it('works out the units on hand: whole units, never below 0, never above the most a variant holds', () => {
    expect(onHandFromSquare(2.5, {})).toBe(2);
    expect(onHandFromSquare(-1, {})).toBe(0);
    expect(onHandFromSquare(3, { 'sold:a': -1, 'sold:b': -2 })).toBe(0);
    expect(onHandFromSquare(3, { 'sold:a': -1, 'restocked:r1': 2 })).toBe(4);
    expect(onHandFromSquare(200_000, {})).toBe(100_000);
  });

  it("orders Square's times beyond milliseconds, and across offsets", () => {
    expect(compareTimes('2019-10-29T18:38:45.102961Z', '2019-10-29T18:38:45.10296Z')).toBeGreaterThan(0);
    expect(compareTimes('2019-10-29T18:38:45.10296Z', '2019-10-29T18:38:45.102961Z')).toBeLessThan(0);
    expect(compareTimes('2019-10-29T18:38:45.102Z', '2019-10-29T18:38:45.102000Z')).toBe(0);
    expect(compareTimes('2019-10-29T20:38:45.000+02:00', '2019-10-29T18:38:45.000Z')).toBe(0);
    expect(compareTimes('2019-10-29T18:38:46Z', '2019-10-29T18:38:45.999999Z')).toBeGreaterThan(0);
    expect(compareTimes('2019-10-29T18:38:45Z', '2019-10-29T18:38:46.000001Z')).toBeLessThan(0);
    expect(compareTimes('2019-10-29T18:38:45Z', '2019-10-29T18:38:45Z')).toBe(0);
    expect(compareTimes('2019-10-29T18:38:45Z', '2019-10-29T18:38:45.000001Z')).toBeLessThan(0);
    expect(compareTimes('not a time', '2019-10-29T18:38:45Z')).toBe(0);
    // To the nanosecond, as Square writes them: digits beyond are no later.
    expect(compareTimes('2019-10-29T18:38:45.1029610001Z', '2019-10-29T18:38:45.102961Z')).toBe(0);
    const linkedNs = productImported([onlyVariant({ squareVariationId: 'VAR', squareCount: 3, squareCountAt: '2026-11-24T14:00:00.000100Z' })]);
    spec
      .given(linkedNs)
      .when(count(2, '2026-11-24T14:00:00.000200Z'))
      .then([stockSet('7-1', true, 2, { squareCount: 2, squareCountAt: '2026-11-24T14:00:00.000200Z' })]);
    spec.given(linkedNs).when(count(2, '2026-11-24T14:00:00.000050Z')).thenNothing();
  });
});
