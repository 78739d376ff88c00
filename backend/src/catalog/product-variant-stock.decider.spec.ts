import { deciderSpec } from '../../test/support/decider-spec';
import { hoodieAdded, productImported, ravenHoodie, released, reserved, sized, sizes, sold, stockSet } from '../../test/support/product-fixtures';
import { fold } from '../platform/event-store/decider';
import { productDecider } from './product.decider';
import { availableStock, liveVariants, variantOf, type ExistingProduct } from './product.state';
import type { ProductEvent } from './product.events';

const spec = deciderSpec(productDecider);
const T1 = '2026-11-24T14:00:00.000Z';
const T2 = '2026-11-24T14:00:05.000Z';
const reserve = (variantId: string, orderId: string, quantity: number) => ({ kind: 'ReserveStock' as const, productId: 7, variantId, orderId, quantity });
const hoodie = (...events: ProductEvent[]) => fold(productDecider, [hoodieAdded, ...events]) as ExistingProduct;
const units = (state: ExistingProduct) => state.variants.map((v) => [v.variantId, v.stockQuantity, availableStock(v)]);
const removedM: ProductEvent = { type: 'VariantRemoved', data: { variantId: '7-2' } };

describe('product stock per variant', () => {
  it('holds units of M and leaves S and L alone', () => {
    spec
      .given(hoodieAdded)
      .when(reserve('7-2', 'a', 2))
      .then([reserved('a', 2, '7-2')]);
    expect(units(hoodie(reserved('a', 2, '7-2')))).toEqual([
      ['7-1', 2, 2],
      ['7-2', 2, 0],
      ['7-3', 2, 2],
    ]);
    spec
      .given(hoodieAdded, reserved('a', 2, '7-2'))
      .when(reserve('7-3', 'b', 2))
      .then([reserved('b', 2, '7-3')]);
    spec
      .given(hoodieAdded, reserved('a', 2, '7-2'))
      .when(reserve('7-2', 'b', 1))
      .thenThrows('OUT_OF_STOCK', 'Raven Hoodie, M is sold out.', { productId: 7, available: 0 });
    spec
      .given(hoodieAdded, reserved('a', 1, '7-2'))
      .when(reserve('7-2', 'b', 2))
      .thenThrows('INSUFFICIENT_STOCK', 'Only 1 of Raven Hoodie, M left.', { productId: 7, available: 1 });
  });

  it('holds, sells and releases every variant of one order with one command', () => {
    const both = [reserved('a', 1, '7-2'), reserved('a', 2, '7-3')];
    spec
      .given(hoodieAdded, ...both)
      .when({ kind: 'SellStock', productId: 7, orderId: 'a' })
      .then([sold('a', 1, '7-2'), sold('a', 2, '7-3')]);
    spec
      .given(hoodieAdded, ...both)
      .when({ kind: 'ReleaseStock', productId: 7, orderId: 'a' })
      .then([released('a', 1, '7-2'), released('a', 2, '7-3')]);
    // Another order's hold on S is not this order's.
    spec
      .given(hoodieAdded, reserved('b', 1, '7-1'), ...both)
      .when({ kind: 'SellStock', productId: 7, orderId: 'a' })
      .then([sold('a', 1, '7-2'), sold('a', 2, '7-3')]);
    expect(units(hoodie(...both, sold('a', 1, '7-2'), sold('a', 2, '7-3')))).toEqual([
      ['7-1', 2, 2],
      ['7-2', 1, 1],
      ['7-3', 0, 0],
    ]);
    expect(variantOf(hoodie(...both, sold('a', 1, '7-2'), sold('a', 2, '7-3')), '7-3')).toMatchObject({ inStock: false, reservations: {} });
    expect(hoodie(...both, released('a', 1, '7-2'), released('a', 2, '7-3')).variants.map((v) => v.reservations)).toEqual([{}, {}, {}]);
  });

  it('refuses a variant the product does not have: VARIANT_NOT_FOUND', () => {
    spec
      .given(hoodieAdded)
      .when(reserve('7-9', 'a', 1))
      .thenThrows('VARIANT_NOT_FOUND', 'Raven Hoodie has no variant 7-9.', { productId: 7, variantId: '7-9' });
    spec.given(hoodieAdded).when({ kind: 'SetStock', productId: 7, variantId: '8-1', inStock: true, stockQuantity: 1 }).thenThrows('VARIANT_NOT_FOUND');
  });

  it('reads a removed variant as sold out, whatever its units', () => {
    spec
      .given(hoodieAdded, removedM)
      .when(reserve('7-2', 'a', 1))
      .thenThrows('OUT_OF_STOCK', 'Raven Hoodie, M is sold out.');
    expect(liveVariants(hoodie(removedM)).map((v) => v.variantId)).toEqual(['7-1', '7-3']);
    expect(variantOf(hoodie(removedM), '7-2')).toMatchObject({ removed: true, stockQuantity: 2 });
    expect(variantOf(hoodie(), '7-2')?.removed).toBeUndefined();
  });

  it('still sells what an order held of a variant removed meanwhile', () => {
    spec
      .given(hoodieAdded, reserved('a', 1, '7-2'), removedM)
      .when({ kind: 'SellStock', productId: 7, orderId: 'a' })
      .then([sold('a', 1, '7-2')]);
  });

  it('names the variant to set the stock of a product with several: VARIANT_REQUIRED without it', () => {
    spec
      .given(hoodieAdded)
      .when({ kind: 'SetStock', productId: 7, inStock: true, stockQuantity: 5 })
      .thenThrows('VARIANT_REQUIRED', 'Raven Hoodie comes in S, M, L: name the variant.', { productId: 7 });
    spec
      .given(hoodieAdded)
      .when({ kind: 'SetStock', productId: 7, variantId: '7-2', inStock: true, stockQuantity: 5 })
      .then([stockSet('7-2', true, 5)]);
    spec.given(hoodieAdded).when({ kind: 'SetStock', productId: 7, variantId: '7-2', inStock: true, stockQuantity: 2 }).thenNothing();
    spec
      .given(hoodieAdded)
      .when({ kind: 'SetStock', productId: 7, variantId: '7-2', inStock: true, stockQuantity: -1 })
      .thenThrows('INVALID', /stock quantity/);
  });

  it('lets the variant be left out when one alone is on sale', () => {
    const removedSAndM: ProductEvent[] = [{ type: 'VariantRemoved', data: { variantId: '7-1' } }, removedM];
    spec
      .given(hoodieAdded, ...removedSAndM)
      .when({ kind: 'SetStock', productId: 7, inStock: true, stockQuantity: 5 })
      .then([stockSet('7-3', true, 5)]);
    spec
      .given(hoodieAdded, removedM)
      .when({ kind: 'SetStock', productId: 7, inStock: true, stockQuantity: 5 })
      .thenThrows('VARIANT_REQUIRED', 'Raven Hoodie comes in S, L: name the variant.');
  });

  it("applies a count to its variation's variant only", () => {
    const linked = productImported(
      [
        sized('S', { squareVariationId: 'VAR-S', squareCount: 2, squareCountAt: T1 }),
        sized('M', { squareVariationId: 'VAR-M', squareCount: 2, squareCountAt: T1 }),
        sized('L', { squareVariationId: 'VAR-L', squareCount: 2, squareCountAt: T1 }),
      ],
      sizes,
      ravenHoodie,
    );
    const count = (squareVariationId: string, quantity: number, calculatedAt: string) => ({ kind: 'ApplySquareCount' as const, productId: 7, squareVariationId, quantity, calculatedAt });
    spec
      .given(linked)
      .when(count('VAR-M', 1, T2))
      .then([stockSet('7-2', true, 1, { squareCount: 1, squareCountAt: T2 })]);
    // M's newer count does not make an older one of L old.
    const mAtT2 = stockSet('7-2', true, 1, { squareCount: 1, squareCountAt: T2 });
    spec
      .given(linked, mAtT2)
      .when(count('VAR-L', 0, '2026-11-24T14:00:01.000Z'))
      .then([stockSet('7-3', false, 0, { squareCount: 0, squareCountAt: '2026-11-24T14:00:01.000Z' })]);
    spec
      .given(linked, mAtT2)
      .when(count('VAR-M', 2, T1))
      .thenNothing();
    // An online sale of M is subtracted from M's count alone.
    spec
      .given(linked, reserved('a', 1, '7-2'), sold('a', 1, '7-2'))
      .when(count('VAR-M', 2, T2))
      .then([stockSet('7-2', true, 1, { squareCount: 2, squareCountAt: T2 })]);
    spec
      .given(linked, reserved('a', 1, '7-2'), sold('a', 1, '7-2'))
      .when(count('VAR-L', 2, T2))
      .then([stockSet('7-3', true, 2, { squareCount: 2, squareCountAt: T2 })]);
    // A removed variant follows its variation no more.
    spec
      .given(linked, removedM)
      .when(count('VAR-M', 1, T2))
      .thenNothing();
  });

  it('links variants to variations, and records only the links that changed', () => {
    const link = (variations: { variantId: string; squareVariationId: string }[], squareItemId = 'ITEM') => ({ kind: 'LinkToSquare' as const, productId: 7, squareItemId, variations });
    spec
      .given(hoodieAdded)
      .when(link([{ variantId: '7-2', squareVariationId: 'VAR-M' }]))
      .then([
        { type: 'ProductLinkedToSquare', data: { squareItemId: 'ITEM' } },
        { type: 'VariantLinkedToSquare', data: { variantId: '7-2', squareVariationId: 'VAR-M' } },
      ]);
    const linkedM: ProductEvent[] = [
      { type: 'ProductLinkedToSquare', data: { squareItemId: 'ITEM' } },
      { type: 'VariantLinkedToSquare', data: { variantId: '7-2', squareVariationId: 'VAR-M' } },
    ];
    spec
      .given(hoodieAdded, ...linkedM)
      .when(link([{ variantId: '7-2', squareVariationId: 'VAR-M' }]))
      .thenNothing();
    spec
      .given(hoodieAdded, ...linkedM)
      .when(link([{ variantId: '7-3', squareVariationId: 'VAR-L' }]))
      .then([{ type: 'VariantLinkedToSquare', data: { variantId: '7-3', squareVariationId: 'VAR-L' } }]);
    spec
      .given(hoodieAdded)
      .when(link([{ variantId: '7-9', squareVariationId: 'VAR-M' }]))
      .thenThrows('VARIANT_NOT_FOUND');
    spec.given().when(link([])).thenThrows('NOT_FOUND', 'Product 7 was not found.');
  });

  it("sends a variation Square never counted the variant's units at the link, once: the stock as it is then, whatever changed since the write read it", () => {
    const link = (uncounted: string[]) => ({
      kind: 'LinkToSquare' as const,
      productId: 7,
      squareItemId: 'ITEM',
      variations: [
        { variantId: '7-1', squareVariationId: 'VAR-S' },
        { variantId: '7-2', squareVariationId: 'VAR-M' },
      ],
      uncounted,
    });
    const linkedS: ProductEvent = { type: 'VariantLinkedToSquare', data: { variantId: '7-1', squareVariationId: 'VAR-S' } };
    const linkedM: ProductEvent = { type: 'VariantLinkedToSquare', data: { variantId: '7-2', squareVariationId: 'VAR-M' } };
    const linkedItem: ProductEvent = { type: 'ProductLinkedToSquare', data: { squareItemId: 'ITEM' } };
    // M set to 5 after the write read it (2): Square gets 5. S is counted in Square already: it follows that count.
    spec
      .given(hoodieAdded, stockSet('7-2', true, 5))
      .when(link(['7-2']))
      .then([linkedItem, linkedS, linkedM, { type: 'StockAdjusted', data: { variantId: '7-2', change: 'adjusted:1', quantity: 5, inStock: true, stockQuantity: 5 } }]);
    // Each variant its own key, after the adjustments it had; none for a variant with no units.
    const adjustedM: ProductEvent = { type: 'StockAdjusted', data: { variantId: '7-2', change: 'adjusted:1', quantity: 1, inStock: true, stockQuantity: 3 } };
    spec
      .given(hoodieAdded, adjustedM, stockSet('7-1', false, 0))
      .when(link(['7-1', '7-2']))
      .then([linkedItem, linkedS, linkedM, { type: 'StockAdjusted', data: { variantId: '7-2', change: 'adjusted:2', quantity: 3, inStock: true, stockQuantity: 3 } }]);
    // Linked already (a retried write, a later edit): its units went with the link, not again.
    spec
      .given(hoodieAdded, linkedItem, linkedS, linkedM)
      .when(link(['7-1', '7-2']))
      .thenNothing();
    spec.given(hoodieAdded).when(link([])).then([linkedItem, linkedS, linkedM]);
  });

  it('starts a new count history with a new link, and forgets changes nobody is to push', () => {
    const linked: ProductEvent = { type: 'VariantLinkedToSquare', data: { variantId: '7-2', squareVariationId: 'VAR-M' } };
    const counted = stockSet('7-2', true, 2, { squareCount: 2, squareCountAt: T2 });
    const relinked: ProductEvent = { type: 'VariantLinkedToSquare', data: { variantId: '7-2', squareVariationId: 'VAR-M2' } };
    const state = hoodie(linked, counted, reserved('a', 1, '7-2'), sold('a', 1, '7-2'), relinked);
    expect(variantOf(state, '7-2')).toEqual({ ...sized('M', { stockQuantity: 1 }), squareVariationId: 'VAR-M2', reservations: {}, unpushed: {} });
    const unlinked: ProductEvent = { type: 'VariantLinkedToSquare', data: { variantId: '7-2', squareVariationId: null } };
    expect(variantOf(hoodie(linked, counted, unlinked), '7-2')).toEqual({ ...sized('M'), reservations: {}, unpushed: {} });
    // The new link takes the first count it hears, however old.
    spec
      .given(hoodieAdded, linked, counted, relinked)
      .when({ kind: 'ApplySquareCount', productId: 7, squareVariationId: 'VAR-M2', quantity: 4, calculatedAt: T1 })
      .then([stockSet('7-2', true, 4, { squareCount: 4, squareCountAt: T1 })]);
  });
});
