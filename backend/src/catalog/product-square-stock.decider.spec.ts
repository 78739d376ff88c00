import { deciderSpec } from '../../test/support/decider-spec';
import { compareTimes, onHandFromSquare, productDecider, type SquareVariationInput } from './product.decider';
import type { ProductEvent, VariantDefinition } from './product.events';

const spec = deciderSpec(productDecider);
const details = { name: 'Bat Patch', description: 'A bat', images: ['/b.svg'], category: 'patches' as const };
const T1 = '2026-11-24T14:00:00.000Z';
const T2 = '2026-11-24T14:00:05.000Z';
const T3 = '2026-11-24T14:00:09.000Z';
const V = '7-1';
const only = (extra: Partial<VariantDefinition> = {}): VariantDefinition => ({ variantId: V, name: '', options: {}, priceCents: 900, inStock: true, stockQuantity: 3, ...extra });
const linked: ProductEvent = {
  type: 'ProductImportedFromSquare',
  data: { productId: 7, squareItemId: 'ITEM', ...details, options: [], variants: [only({ squareVariationId: 'VAR', squareCount: 3, squareCountAt: T1 })] },
};
const unlinked: ProductEvent = { type: 'ProductAdded', data: { productId: 7, ...details, options: [], variants: [only()] } };
const count = (quantity: number, calculatedAt: string) => ({ kind: 'ApplySquareCount' as const, productId: 7, squareVariationId: 'VAR', quantity, calculatedAt });
const reserved = (orderId: string, quantity = 1): ProductEvent => ({ type: 'StockReserved', data: { variantId: V, orderId, quantity } });
const sold = (orderId: string, quantity = 1): ProductEvent => ({ type: 'StockSold', data: { variantId: V, orderId, quantity } });

describe('product stock from Square counts', () => {
  it('applies a newer count as the units on hand, with the count and its time', () => {
    spec
      .given(linked)
      .when(count(2, T2))
      .then([{ type: 'StockSet', data: { variantId: V, inStock: true, stockQuantity: 2, squareCount: 2, squareCountAt: T2 } }]);
    spec
      .given(linked)
      .when(count(0, T2))
      .then([{ type: 'StockSet', data: { variantId: V, inStock: false, stockQuantity: 0, squareCount: 0, squareCountAt: T2 } }]);
  });

  it('never applies a count as old as or older than one applied (out of order, repeated)', () => {
    spec.given(linked).when(count(9, T1)).thenNothing();
    spec.given(linked).when(count(9, '2026-11-24T13:59:59.999Z')).thenNothing();
    const newer: ProductEvent = { type: 'StockSet', data: { variantId: V, inStock: true, stockQuantity: 1, squareCount: 1, squareCountAt: T3 } };
    spec.given(linked, newer).when(count(5, T2)).thenNothing();
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
      .then([{ type: 'StockSet', data: { variantId: V, inStock: true, stockQuantity: 2, squareCount: 2, squareCountAt: T2 } }]);
  });

  it('subtracts online sales Square has not been told of yet', () => {
    // Sold 1 online (on hand 2, push pending); the stall sells 1: Square says 2, which still holds our sale.
    spec
      .given(linked, reserved('a'), sold('a'))
      .when(count(2, T2))
      .then([{ type: 'StockSet', data: { variantId: V, inStock: true, stockQuantity: 1, squareCount: 2, squareCountAt: T2 } }]);
  });

  it("records the push once, and takes Square's answer as a count", () => {
    const push = { kind: 'RecordSquarePush' as const, productId: 7, variantId: V, change: 'sold:a', squareCount: 2, squareCountAt: T2 };
    spec
      .given(linked, reserved('a'), sold('a'))
      .when(push)
      .then([
        { type: 'StockPushedToSquare', data: { variantId: V, change: 'sold:a', quantity: -1, squareCount: 2, squareCountAt: T2 } },
        { type: 'StockSet', data: { variantId: V, inStock: true, stockQuantity: 2, squareCount: 2, squareCountAt: T2 } },
      ]);
    const pushed: ProductEvent = { type: 'StockPushedToSquare', data: { variantId: V, change: 'sold:a', quantity: -1, squareCount: 2, squareCountAt: T2 } };
    spec.given(linked, reserved('a'), sold('a'), pushed).when(push).thenNothing();
  });

  it('corrects the units when the echo of a push was applied before the push was recorded', () => {
    // Echo (count 2 at T2, our sale included) applied while the sale was still pending: 1 on hand, one too few.
    const echo: ProductEvent = { type: 'StockSet', data: { variantId: V, inStock: true, stockQuantity: 1, squareCount: 2, squareCountAt: T2 } };
    spec
      .given(linked, reserved('a'), sold('a'), echo)
      .when({ kind: 'RecordSquarePush', productId: 7, variantId: V, change: 'sold:a', squareCount: 2, squareCountAt: T2 })
      .then([
        { type: 'StockPushedToSquare', data: { variantId: V, change: 'sold:a', quantity: -1, squareCount: 2, squareCountAt: T2 } },
        { type: 'StockSet', data: { variantId: V, inStock: true, stockQuantity: 2 } },
      ]);
  });

  it('lets the reserved sale complete when the stall sold the last unit, and keeps the negative count', () => {
    const one: ProductEvent = { type: 'StockSet', data: { variantId: V, inStock: true, stockQuantity: 1, squareCount: 1, squareCountAt: T1 } };
    const stallSale: ProductEvent = { type: 'StockSet', data: { variantId: V, inStock: false, stockQuantity: 0, squareCount: 0, squareCountAt: T2 } };
    spec
      .given(linked, one, reserved('a'), stallSale)
      .when({ kind: 'SellStock', productId: 7, orderId: 'a' })
      .then([sold('a')]);
    // A checkout that starts after the stall's count is refused.
    spec.given(linked, one, stallSale).when({ kind: 'ReserveStock', productId: 7, variantId: V, orderId: 'b', quantity: 1 }).thenThrows('OUT_OF_STOCK');
    // Our push takes Square to -1: kept as the count, 0 on hand.
    spec
      .given(linked, one, reserved('a'), stallSale, sold('a'))
      .when({ kind: 'RecordSquarePush', productId: 7, variantId: V, change: 'sold:a', squareCount: -1, squareCountAt: T3 })
      .then([
        { type: 'StockPushedToSquare', data: { variantId: V, change: 'sold:a', quantity: -1, squareCount: -1, squareCountAt: T3 } },
        { type: 'StockSet', data: { variantId: V, inStock: false, stockQuantity: 0, squareCount: -1, squareCountAt: T3 } },
      ]);
  });

  it("keeps an operator's Mark Sold Out", () => {
    const markedSoldOut: ProductEvent = { type: 'StockSet', data: { variantId: V, inStock: false, stockQuantity: 3 } };
    spec
      .given(linked, markedSoldOut)
      .when(count(5, T2))
      .then([{ type: 'StockSet', data: { variantId: V, inStock: false, stockQuantity: 5, squareCount: 5, squareCountAt: T2 } }]);
  });

  it('does not remember sales of a product that follows no variation', () => {
    spec.given(unlinked, reserved('a'), sold('a')).when({ kind: 'RecordSquarePush', productId: 7, variantId: V, change: 'sold:a' }).thenNothing();
  });

  it('heals drift in a sync through the same rule, and links an imported product to its variation', () => {
    const reading = { squareVariationId: 'VAR', quantity: 1, calculatedAt: T2 };
    const variation = (count?: typeof reading): SquareVariationInput => ({
      squareVariationId: 'VAR',
      name: '',
      options: {},
      priceCents: 900,
      stock: { inStock: true, stockQuantity: 1 },
      ...(count ? { count } : {}),
    });
    const importing = (count?: typeof reading) => ({ kind: 'ImportFromSquare' as const, productId: 7, squareItemId: 'ITEM', details, options: [], variations: [variation(count)] });
    spec
      .given(linked)
      .when(importing(reading))
      .then([{ type: 'StockSet', data: { variantId: V, inStock: true, stockQuantity: 1, squareCount: 1, squareCountAt: T2 } }]);
    spec
      .given(linked)
      .when(importing({ ...reading, calculatedAt: T1 }))
      .thenNothing();
    // A variation Square never counted leaves the units of the variant that follows it alone.
    spec.given(linked).when(importing()).thenNothing();
    // A product the shop sold before it met the item keeps its one variant, now following the variation.
    spec
      .given(unlinked)
      .when(importing(reading))
      .then([
        { type: 'ProductLinkedToSquare', data: { squareItemId: 'ITEM' } },
        { type: 'VariantLinkedToSquare', data: { variantId: V, squareVariationId: 'VAR' } },
        { type: 'StockSet', data: { variantId: V, inStock: true, stockQuantity: 1, squareCount: 1, squareCountAt: T2 } },
      ]);
    spec
      .given()
      .when(importing(reading))
      .then([
        {
          type: 'ProductImportedFromSquare',
          data: { productId: 7, squareItemId: 'ITEM', ...details, options: [], variants: [only({ stockQuantity: 1, squareVariationId: 'VAR', squareCount: 1, squareCountAt: T2 })] },
        },
      ]);
  });

  it('works out the units on hand: whole units, never below 0', () => {
    expect(onHandFromSquare(2.5, {})).toBe(2);
    expect(onHandFromSquare(-1, {})).toBe(0);
    expect(onHandFromSquare(3, { 'sold:a': -1, 'sold:b': -2 })).toBe(0);
  });

  it("orders Square's times beyond milliseconds, and across offsets", () => {
    expect(compareTimes('2019-10-29T18:38:45.102961Z', '2019-10-29T18:38:45.10296Z')).toBeGreaterThan(0);
    expect(compareTimes('2019-10-29T18:38:45.10296Z', '2019-10-29T18:38:45.102961Z')).toBeLessThan(0);
    expect(compareTimes('2019-10-29T18:38:45.102Z', '2019-10-29T18:38:45.102000Z')).toBe(0);
    expect(compareTimes('2019-10-29T20:38:45.000+02:00', '2019-10-29T18:38:45.000Z')).toBe(0);
    expect(compareTimes('2019-10-29T18:38:46Z', '2019-10-29T18:38:45.999999Z')).toBeGreaterThan(0);
    const linkedNs: ProductEvent = {
      type: 'ProductImportedFromSquare',
      data: { productId: 7, squareItemId: 'ITEM', ...details, options: [], variants: [only({ squareVariationId: 'VAR', squareCount: 3, squareCountAt: '2026-11-24T14:00:00.000100Z' })] },
    };
    spec
      .given(linkedNs)
      .when(count(2, '2026-11-24T14:00:00.000200Z'))
      .then([{ type: 'StockSet', data: { variantId: V, inStock: true, stockQuantity: 2, squareCount: 2, squareCountAt: '2026-11-24T14:00:00.000200Z' } }]);
    spec.given(linkedNs).when(count(2, '2026-11-24T14:00:00.000050Z')).thenNothing();
  });
});
