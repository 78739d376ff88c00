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

/** A product the shop sold in sizes before it met Square's item of the same name (the sync adopts it by name). */
describe('product decider: import from Square, adopting a sized product', () => {
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
});
