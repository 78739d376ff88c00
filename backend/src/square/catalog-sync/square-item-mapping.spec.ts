import type { Square } from 'square';
import { mapSquareItem, wholeUnits, type SquareCatalogue } from './square-item-mapping';

const catalogue: SquareCatalogue = {
  items: [],
  images: new Map([['IMG1', 'https://items.example/raven.jpg']]),
  categories: new Map([
    ['CAT1', 'Pride Collection'],
    ['CAT2', 'Hats'],
    ['CAT3', 'Clothing'],
  ]),
  counts: new Map([
    ['V1', 2],
    ['V2', 3],
  ]),
};

const item = (data: Partial<Square.CatalogItem>, extra: Partial<Square.CatalogObject.Item> = {}): Square.CatalogObject.Item => ({
  type: 'ITEM',
  id: 'ITEM1',
  itemData: {
    name: 'Raven Hoodie',
    descriptionPlaintext: 'Heavy cotton',
    categories: [{ id: 'CAT1' }],
    imageIds: ['IMG1'],
    variations: [
      { type: 'ITEM_VARIATION', id: 'V1', itemVariationData: { priceMoney: { amount: BigInt(6800), currency: 'USD' } } },
      { type: 'ITEM_VARIATION', id: 'V2', itemVariationData: { priceMoney: { amount: BigInt(7200), currency: 'USD' } } },
    ],
    ...data,
  },
  ...extra,
});

describe('a Square item as a shop product', () => {
  it('takes the first variation’s price, the summed stock, the category by name and the first image', () => {
    expect(mapSquareItem(item({}), catalogue)).toEqual({
      squareItemId: 'ITEM1',
      details: { name: 'Raven Hoodie', description: 'Heavy cotton', priceCents: 6800, imageUrl: 'https://items.example/raven.jpg', category: 'pride' },
      stock: { inStock: true, stockQuantity: 5 },
    });
  });

  it('maps category names onto the shop’s vocabulary, unknown ones to other', () => {
    expect(mapSquareItem(item({ categories: [{ id: 'CAT3' }] }), catalogue)?.details.category).toBe('apparel');
    expect(mapSquareItem(item({ categories: [{ id: 'CAT2' }] }), catalogue)?.details.category).toBe('other');
    expect(mapSquareItem(item({ categories: [] }), catalogue)?.details.category).toBe('other');
  });

  it('is sold out without counts, and has no image without one', () => {
    const mapped = mapSquareItem(
      item({ imageIds: [], variations: [{ type: 'ITEM_VARIATION', id: 'V9', itemVariationData: { priceMoney: { amount: BigInt(100), currency: 'USD' } } }] }),
      catalogue,
    );
    expect(mapped?.stock).toEqual({ inStock: false, stockQuantity: 0 });
    expect(mapped?.details.imageUrl).toBe('');
  });

  it('leaves out deleted, archived and unpriced items', () => {
    expect(mapSquareItem(item({}, { isDeleted: true }), catalogue)).toBeUndefined();
    expect(mapSquareItem(item({ isArchived: true }), catalogue)).toBeUndefined();
    expect(mapSquareItem(item({ variations: [{ type: 'ITEM_VARIATION', id: 'V1', itemVariationData: {} }] }), catalogue)).toBeUndefined();
  });

  it('reads Square’s decimal counts as whole units', () => {
    expect([wholeUnits('3'), wholeUnits('2.5'), wholeUnits('-1'), wholeUnits(undefined), wholeUnits('x')]).toEqual([3, 2, 0, 0, 0]);
  });
});
