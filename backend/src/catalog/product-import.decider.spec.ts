import { deciderSpec } from '../../test/support/decider-spec';
import { productDecider, type SquareVariationInput } from './product.decider';
import type { ProductEvent, ProductOption } from './product.events';

const spec = deciderSpec(productDecider);
const details = { name: 'Hex Tee', description: 'A sigil', category: 'apparel' as const, images: ['https://img/hex.jpg'] };
const sizes: ProductOption[] = [{ name: 'Size', values: ['S', 'M', 'L'] }];
const at = (minute: number) => `2026-11-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

/** A variation of Square's "Hex Tee" in one size, with its count. */
const size = (s: string, priceCents: number, quantity: number, minute = 0): SquareVariationInput => ({
  squareVariationId: `V-${s}`,
  name: s,
  options: { Size: s },
  priceCents,
  stock: { inStock: quantity > 0, stockQuantity: quantity },
  count: { squareVariationId: `V-${s}`, quantity, calculatedAt: at(minute) },
});
const importing = (variations: SquareVariationInput[], options = sizes, changes: Partial<typeof details> = {}) =>
  ({ kind: 'ImportFromSquare', productId: 7, squareItemId: 'SQ1', details: { ...details, ...changes }, options, variations }) as const;
const defined = (n: number, s: string, priceCents: number, quantity: number, minute = 0) => ({
  variantId: `7-${n}`,
  name: s,
  options: { Size: s },
  priceCents,
  inStock: quantity > 0,
  stockQuantity: quantity,
  squareVariationId: `V-${s}`,
  squareCount: quantity,
  squareCountAt: at(minute),
});
const imported: ProductEvent = {
  type: 'ProductImportedFromSquare',
  data: { productId: 7, squareItemId: 'SQ1', ...details, options: sizes, variants: [defined(1, 'S', 3000, 5), defined(2, 'M', 3200, 4), defined(3, 'L', 3400, 3)] },
};
const tee = [size('S', 3000, 5), size('M', 3200, 4), size('L', 3400, 3)];

describe('product decider: import from Square, one variant per variation', () => {
  it('imports a new item as one product with a variant per variation, each following its own count', () => {
    spec.given().when(importing(tee)).then([imported]);
  });

  it('records nothing when Square has nothing new', () => {
    spec.given(imported).when(importing(tee)).thenNothing();
  });

  it('records a rename and a new price of one variation, and a newer count of another, on their own variants', () => {
    spec
      .given(imported)
      .when(importing([size('S', 3000, 5), { ...size('M', 3500, 4), name: 'Medium', options: { Size: 'Medium' } }, size('L', 3400, 1, 5)], [{ name: 'Size', values: ['S', 'Medium', 'L'] }]))
      .then([
        { type: 'ProductOptionsChanged', data: { options: [{ name: 'Size', values: ['S', 'Medium', 'L'] }] } },
        { type: 'VariantChanged', data: { variantId: '7-2', changes: { name: 'Medium', options: { Size: 'Medium' }, priceCents: 3500 } } },
        { type: 'StockSet', data: { variantId: '7-3', inStock: true, stockQuantity: 1, squareCount: 1, squareCountAt: at(5) } },
      ]);
  });

  it('adds a variation new in Square as the next variant, and stops selling one gone from the item (kept for past orders)', () => {
    const withXl = [{ name: 'Size', values: ['M', 'L', 'XL'] }];
    spec
      .given(imported)
      .when(importing([size('M', 3200, 4), size('L', 3400, 3), size('XL', 3600, 2, 3)], withXl))
      .then([
        { type: 'ProductOptionsChanged', data: { options: withXl } },
        { type: 'VariantAdded', data: { variant: defined(4, 'XL', 3600, 2, 3) } },
        { type: 'VariantRemoved', data: { variantId: '7-1' } },
      ]);
  });

  it('never gives back units sold online that Square has not heard of yet', () => {
    spec
      .given(imported, { type: 'StockReserved', data: { variantId: '7-2', orderId: 'o1', quantity: 1 } }, { type: 'StockSold', data: { variantId: '7-2', orderId: 'o1', quantity: 1 } })
      .when(importing([size('S', 3000, 5), size('M', 3200, 4, 9), size('L', 3400, 3)]))
      .then([{ type: 'StockSet', data: { variantId: '7-2', inStock: true, stockQuantity: 3, squareCount: 4, squareCountAt: at(9) } }]);
  });

  it('adopts a sized product the shop already sold under the item’s name: each variation takes the variant of its size', () => {
    const added: ProductEvent = {
      type: 'ProductAdded',
      data: {
        productId: 7,
        ...details,
        options: sizes,
        variants: ['S', 'M', 'L'].map((s, i) => ({ variantId: `7-${i + 1}`, name: s, options: { Size: s }, priceCents: 3000, inStock: true, stockQuantity: 1 })),
      },
    };
    spec
      .given(added)
      .when(importing([size('L', 3000, 3), size('S', 3000, 5)], [{ name: 'Size', values: ['S', 'L'] }]))
      .then([
        { type: 'ProductLinkedToSquare', data: { squareItemId: 'SQ1' } },
        { type: 'ProductOptionsChanged', data: { options: [{ name: 'Size', values: ['S', 'L'] }] } },
        { type: 'VariantLinkedToSquare', data: { variantId: '7-3', squareVariationId: 'V-L' } },
        { type: 'StockSet', data: { variantId: '7-3', inStock: true, stockQuantity: 3, squareCount: 3, squareCountAt: at(0) } },
        { type: 'VariantLinkedToSquare', data: { variantId: '7-1', squareVariationId: 'V-S' } },
        { type: 'StockSet', data: { variantId: '7-1', inStock: true, stockQuantity: 5, squareCount: 5, squareCountAt: at(0) } },
        { type: 'VariantRemoved', data: { variantId: '7-2' } },
      ]);
  });

  it('refuses an item without a name, like any product', () => {
    spec
      .given()
      .when(importing(tee, sizes, { name: ' ' }))
      .thenThrows('INVALID');
  });
});
