import { deciderSpec } from '../../test/support/decider-spec';
import { batPatch, onlyVariant, patchAdded, productImported, ravenHoodie, reserved, sized, sizes, sold, stockSet } from '../../test/support/product-fixtures';
import { fold } from '../platform/event-store/decider';
import { productDecider, type SquareVariationInput } from './product.decider';
import type { ProductEvent, ProductOption } from './product.events';

const spec = deciderSpec(productDecider);
const T1 = '2026-11-24T14:00:00.000Z';
const T2 = '2026-11-24T14:00:05.000Z';
const T3 = '2026-11-24T14:00:09.000Z';
const T4 = '2026-11-24T14:00:12.000Z';

/** The patch's item `ITEM` with one variation `VAR`, as a sync maps it (no count: the units to set). */
const patchVariation = (changes: Partial<SquareVariationInput> = {}): SquareVariationInput => ({
  squareVariationId: 'VAR',
  name: '',
  options: {},
  priceCents: 900,
  stock: { inStock: true, stockQuantity: 3 },
  ...changes,
});
const importing = (variations: SquareVariationInput[], options: ProductOption[] = [], details: Partial<typeof batPatch> = batPatch) =>
  ({ kind: 'ImportFromSquare', productId: 7, squareItemId: 'ITEM', details: { ...batPatch, ...details }, options, variations }) as const;
const imported = productImported([onlyVariant({ squareVariationId: 'VAR' })]);

/** The hoodie's item: a variation per size (`VAR-S`…), priced apart, each with its count at `at`. */
const sizeVariation = (size: 'S' | 'M' | 'L', priceCents: number, quantity: number, at = T1): SquareVariationInput => ({
  squareVariationId: `VAR-${size}`,
  name: size,
  options: { Size: size },
  priceCents,
  stock: { inStock: quantity > 0, stockQuantity: quantity },
  count: { squareVariationId: `VAR-${size}`, quantity, calculatedAt: at },
});
const hoodieItem = (at = T1) => [sizeVariation('S', 6400, 1, at), sizeVariation('M', 6800, 2, at), sizeVariation('L', 7200, 3, at)];
const importingHoodie = (variations = hoodieItem(), options = sizes) => importing(variations, options, ravenHoodie);
const hoodieVariant = (size: 'S' | 'M' | 'L', priceCents: number, quantity: number, n = 'SML'.indexOf(size) + 1) =>
  sized(size, { variantId: `7-${n}`, priceCents, inStock: quantity > 0, stockQuantity: quantity, squareVariationId: `VAR-${size}`, squareCount: quantity, squareCountAt: T1 });
const hoodieImported = productImported([hoodieVariant('S', 6400, 1), hoodieVariant('M', 6800, 2), hoodieVariant('L', 7200, 3)], sizes, ravenHoodie);
const variantAdded = (variant: ReturnType<typeof hoodieVariant>): ProductEvent => ({ type: 'VariantAdded', data: { variant } });

describe('product decider: import from Square', () => {
  it('imports a new item as a product with one variant following its variation', () => {
    spec
      .given()
      .when(importing([patchVariation()]))
      .then([imported]);
  });

  it('imports an item without pictures in Square as a product without pictures', () => {
    const { images: _none, ...withoutImages } = batPatch;
    spec
      .given()
      .when({ ...importing([patchVariation()]), details: withoutImages })
      .then([productImported([onlyVariant({ squareVariationId: 'VAR' })], [], { ...batPatch, images: [] })]);
  });

  it('records nothing when Square has nothing new', () => {
    spec
      .given(imported)
      .when(importing([patchVariation()]))
      .thenNothing();
  });

  it("keeps the shop's pictures when the item has none in Square, and takes Square's when it has some", () => {
    const { images: _none, ...withoutImages } = batPatch;
    spec
      .given(imported)
      .when({ ...importing([patchVariation()]), details: withoutImages })
      .thenNothing();
    spec
      .given(imported)
      .when(importing([patchVariation()], [], { images: ['/sq.jpg'] }))
      .then([{ type: 'ProductDetailsChanged', data: { images: ['/sq.jpg'] } }]);
  });

  it('records only the details and the variant fields that changed', () => {
    spec
      .given(imported)
      .when(importing([patchVariation({ priceCents: 1100, stock: { inStock: false, stockQuantity: 0 } })], [], { description: 'A bat, embroidered' }))
      .then([
        { type: 'ProductDetailsChanged', data: { description: 'A bat, embroidered' } },
        { type: 'VariantChanged', data: { variantId: '7-1', changes: { priceCents: 1100 } } },
      ]);
    spec
      .given(imported)
      .when(importing([patchVariation({ sku: 'BAT-1', imageUrl: '/sq-bat.jpg' })]))
      .then([{ type: 'VariantChanged', data: { variantId: '7-1', changes: { sku: 'BAT-1', imageUrl: '/sq-bat.jpg' } } }]);
  });

  it('leaves the units of a variation Square never counted alone: the shop created it, and its first count is on its way', () => {
    spec
      .given(imported)
      .when(importing([patchVariation({ stock: { inStock: true, stockQuantity: 5 } })]))
      .thenNothing();
    spec
      .given(imported)
      .when(importing([patchVariation({ stock: { inStock: false, stockQuantity: 3 } })]))
      .thenNothing();
  });

  it('refuses an item without a name, and a variation with a price or units it cannot hold', () => {
    spec
      .given()
      .when(importing([patchVariation()], [], { name: ' ' }))
      .thenThrows('INVALID', 'A product needs a name.');
    spec
      .given()
      .when(importing([patchVariation({ priceCents: -1 })]))
      .thenThrows('INVALID', /price/);
    spec
      .given()
      .when(importing([patchVariation({ stock: { inStock: true, stockQuantity: -1 } })]))
      .thenThrows('INVALID', /stock quantity/);
  });

  it('records that the product is another Square item now', () => {
    spec
      .given(imported)
      .when({ ...importing([patchVariation()]), squareItemId: 'ITEM2' })
      .then([{ type: 'ProductLinkedToSquare', data: { squareItemId: 'ITEM2' } }]);
  });

  it('adopts the lone variant of a product made in the shop for an item of one variation', () => {
    spec
      .given(patchAdded)
      .when(importing([patchVariation({ count: { squareVariationId: 'VAR', quantity: 4, calculatedAt: T1 } })]))
      .then([
        { type: 'ProductLinkedToSquare', data: { squareItemId: 'ITEM' } },
        { type: 'VariantLinkedToSquare', data: { variantId: '7-1', squareVariationId: 'VAR' } },
        stockSet('7-1', true, 4, { squareCount: 4, squareCountAt: T1 }),
      ]);
  });

  it('follows a lone variant to the new variation of an item recreated in Square, with a count history of its own', () => {
    const followed = productImported([onlyVariant({ squareVariationId: 'VAR-OLD', squareCount: 3, squareCountAt: T2 })]);
    spec
      .given(followed)
      .when(importing([patchVariation({ count: { squareVariationId: 'VAR', quantity: 2, calculatedAt: T1 } })]))
      .then([{ type: 'VariantLinkedToSquare', data: { variantId: '7-1', squareVariationId: 'VAR' } }, stockSet('7-1', true, 2, { squareCount: 2, squareCountAt: T1 })]);
  });

  it('imports an item in sizes S, M and L, priced apart, as one product with three variants', () => {
    spec.given().when(importingHoodie()).then([hoodieImported]);
  });

  it('imports a variation counted at 0, or below (oversold at the stall), as sold out, keeping the count', () => {
    spec
      .given()
      .when(
        importingHoodie([
          sizeVariation('S', 6400, 0),
          { ...sizeVariation('M', 6800, 0), count: { squareVariationId: 'VAR-M', quantity: -1, calculatedAt: T1 } },
          sizeVariation('L', 7200, 3),
        ]),
      )
      .then([productImported([hoodieVariant('S', 6400, 0), { ...hoodieVariant('M', 6800, 0), squareCount: -1 }, hoodieVariant('L', 7200, 3)], sizes, ravenHoodie)]);
  });

  it('adopts no variant of a product with several when the item has one variation none follows', () => {
    const { count: _none, ...only } = patchVariation({ squareVariationId: 'VAR-ONE' });
    spec
      .given(hoodieImported)
      .when(importingHoodie([{ ...only, count: { squareVariationId: 'VAR-ONE', quantity: 1, calculatedAt: T1 } }], []))
      .then([
        { type: 'ProductOptionsChanged', data: { options: [] } },
        { type: 'VariantAdded', data: { variant: onlyVariant({ variantId: '7-4', stockQuantity: 1, squareVariationId: 'VAR-ONE', squareCount: 1, squareCountAt: T1 }) } },
        { type: 'VariantRemoved', data: { variantId: '7-1' } },
        { type: 'VariantRemoved', data: { variantId: '7-2' } },
        { type: 'VariantRemoved', data: { variantId: '7-3' } },
      ]);
  });

  it('records nothing on a second sync of the same item', () => {
    spec.given(hoodieImported).when(importingHoodie()).thenNothing();
  });

  it('adds a variant for a variation added in Square', () => {
    const withXl: ProductOption[] = [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }];
    const xl: SquareVariationInput = { ...sizeVariation('L', 7600, 1), squareVariationId: 'VAR-XL', name: 'XL', options: { Size: 'XL' } };
    spec
      .given(hoodieImported)
      .when(importingHoodie([...hoodieItem(), { ...xl, count: { squareVariationId: 'VAR-XL', quantity: 1, calculatedAt: T1 } }], withXl))
      .then([
        { type: 'ProductOptionsChanged', data: { options: withXl } },
        variantAdded({ ...hoodieVariant('L', 7600, 1, 4), name: 'XL', options: { Size: 'XL' }, squareVariationId: 'VAR-XL' }),
      ]);
  });

  it('adds a variation without a count with the units Square gave', () => {
    const { count: _none, ...m } = sizeVariation('M', 6800, 2);
    spec
      .given(productImported([hoodieVariant('S', 6400, 1)], [{ name: 'Size', values: ['S'] }], ravenHoodie))
      .when(importingHoodie([sizeVariation('S', 6400, 1), m], [{ name: 'Size', values: ['S', 'M'] }]))
      .then([
        { type: 'ProductOptionsChanged', data: { options: [{ name: 'Size', values: ['S', 'M'] }] } },
        { type: 'VariantAdded', data: { variant: sized('M', { squareVariationId: 'VAR-M' }) } },
      ]);
  });

  it('removes from sale the variant of a variation deleted in Square', () => {
    const sAndL: ProductOption[] = [{ name: 'Size', values: ['S', 'L'] }];
    const [s, , l] = hoodieItem();
    spec
      .given(hoodieImported)
      .when(importingHoodie([s, l], sAndL))
      .then([
        { type: 'ProductOptionsChanged', data: { options: sAndL } },
        { type: 'VariantRemoved', data: { variantId: '7-2' } },
      ]);
    // Removed, it is never matched again: the variation's return is a new variant.
    const removed: ProductEvent[] = [hoodieImported, { type: 'VariantRemoved', data: { variantId: '7-2' } }];
    spec
      .given(...removed)
      .when(importingHoodie())
      .then([variantAdded(hoodieVariant('M', 6800, 2, 4))]);
  });

  it('gives a legacy product, imported as the sum of its variations, a variant per variation and removes the summed one', () => {
    // As stored before variants: one price, one picture, the item's units summed, no variation followed.
    const legacyImported = {
      type: 'ProductImportedFromSquare',
      data: { productId: 7, squareItemId: 'ITEM', name: 'Raven Hoodie', description: 'A raven', priceCents: 6400, imageUrl: '/r.svg', category: 'apparel', inStock: true, stockQuantity: 6 },
    } as unknown as ProductEvent;
    spec
      .given(legacyImported)
      .when(importingHoodie())
      .then([
        { type: 'ProductOptionsChanged', data: { options: sizes } },
        variantAdded(hoodieVariant('S', 6400, 1, 2)),
        variantAdded(hoodieVariant('M', 6800, 2, 3)),
        variantAdded(hoodieVariant('L', 7200, 3, 4)),
        { type: 'VariantRemoved', data: { variantId: '7-1' } },
      ]);
  });

  it('records a changed name or price as VariantChanged of that variant alone', () => {
    const renamed: ProductOption[] = [{ name: 'Size', values: ['S', 'M', 'Large'] }];
    const [s, m, l] = hoodieItem();
    spec
      .given(hoodieImported)
      .when(importingHoodie([s, { ...m, priceCents: 7000 }, { ...l, name: 'Large', options: { Size: 'Large' } }], renamed))
      .then([
        { type: 'ProductOptionsChanged', data: { options: renamed } },
        { type: 'VariantChanged', data: { variantId: '7-2', changes: { priceCents: 7000 } } },
        { type: 'VariantChanged', data: { variantId: '7-3', changes: { name: 'Large', options: { Size: 'Large' } } } },
      ]);
  });

  it("moves each variant by its own variation's count", () => {
    const [s, m, l] = hoodieItem();
    spec
      .given(hoodieImported)
      .when(importingHoodie([s, { ...m, count: { squareVariationId: 'VAR-M', quantity: 1, calculatedAt: T2 } }, l]))
      .then([stockSet('7-2', true, 1, { squareCount: 1, squareCountAt: T2 })]);
  });

  it('never gives back units sold online that Square has not heard of (the oversell of an item of 2 units sold 4 times)', () => {
    // M: 2 units, both sold online; the pushes have not landed, so Square still counts 2.
    const twoSold = [hoodieImported, reserved('o1', 1, '7-2'), sold('o1', 1, '7-2'), reserved('o2', 1, '7-2'), sold('o2', 1, '7-2')];
    const syncM = (quantity: number, at: string) => {
      const [s, m, l] = hoodieItem();
      return importingHoodie([s, { ...m, count: { squareVariationId: 'VAR-M', quantity, calculatedAt: at } }, l]);
    };
    spec
      .given(...twoSold)
      .when(syncM(2, T2))
      .then([stockSet('7-2', false, 0, { squareCount: 2, squareCountAt: T2 })]);
    const synced = [...twoSold, stockSet('7-2', false, 0, { squareCount: 2, squareCountAt: T2 })];
    // So no third and fourth unit can be sold.
    spec
      .given(...synced)
      .when({ kind: 'ReserveStock', productId: 7, variantId: '7-2', orderId: 'o3', quantity: 1 })
      .thenThrows('OUT_OF_STOCK', 'Raven Hoodie, M is sold out.');
    // The first push lands (Square: 1); a later sync reads 1, which still holds the second sale.
    const firstPushed: ProductEvent = { type: 'StockPushedToSquare', data: { variantId: '7-2', change: 'sold:o1', quantity: -1, squareCount: 1, squareCountAt: T3 } };
    spec
      .given(...synced, firstPushed)
      .when(syncM(1, T4))
      .then([stockSet('7-2', false, 0, { squareCount: 1, squareCountAt: T4 })]);
    // A variation without a count (Square's units only, no time to order them by) moves nothing.
    const { count: _none, ...m } = sizeVariation('M', 6800, 2);
    const [s, , l] = hoodieItem();
    spec
      .given(...twoSold)
      .when(importingHoodie([s, m, l]))
      .thenNothing();
    // One sold online, one more brought to the stall: Square's count of 3 holds the online sale, so 2 are on hand.
    spec
      .given(...twoSold.slice(0, 3))
      .when(importingHoodie([s, { ...m, count: { squareVariationId: 'VAR-M', quantity: 3, calculatedAt: T4 } }, l]))
      .then([stockSet('7-2', true, 2, { squareCount: 3, squareCountAt: T4 })]);
    const state = fold(productDecider, [...synced, firstPushed]);
    expect(state.exists && state.variants.map((v) => [v.variantId, v.stockQuantity, v.unpushed])).toEqual([
      ['7-1', 1, {}],
      ['7-2', 0, { 'sold:o2': -1 }],
      ['7-3', 3, {}],
    ]);
  });
});
