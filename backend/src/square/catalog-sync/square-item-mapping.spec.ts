import type { Square } from 'square';
import { mapSquareItem, UNNAMED_OPTION, wholeUnits, type SquareCatalogue } from './square-item-mapping';

const catalogue: SquareCatalogue = {
  items: [],
  images: new Map([
    ['IMG1', 'https://items.example/raven.jpg'],
    ['IMG2', 'https://items.example/moon.jpg'],
    ['IMG3', 'https://items.example/raven-m.jpg'],
  ]),
  categories: new Map([
    ['CAT1', 'Pride Collection'],
    ['CAT2', 'Hats'],
    ['CAT3', 'Clothing'],
  ]),
  itemOptions: new Map([
    [
      'SIZE',
      {
        name: 'Size',
        values: new Map([
          ['S', 'S'],
          ['M', 'M'],
          ['L', 'L'],
          ['XL', 'XL'],
        ]),
      },
    ],
  ]),
  counts: new Map([
    ['V1', 2],
    ['V2', 3],
  ]),
  readings: new Map([
    ['V1', { quantity: 2, calculatedAt: '2026-11-01T10:00:00.000Z' }],
    ['V2', { quantity: -1, calculatedAt: '2026-11-01T11:00:00.000Z' }],
  ]),
};

type VariationData = Square.CatalogItemVariation;
const variation = (id: string, data: Partial<VariationData>): Square.CatalogObject => ({
  type: 'ITEM_VARIATION',
  id,
  itemVariationData: { priceMoney: { amount: BigInt(6800), currency: 'USD' }, ...data },
});
const sized = (id: string, size: string, cents: number, extra: Partial<VariationData> = {}) =>
  variation(id, { name: size, sku: `RH-${size}`, priceMoney: { amount: BigInt(cents), currency: 'USD' }, itemOptionValues: [{ itemOptionId: 'SIZE', itemOptionValueId: size }], ...extra });

const item = (data: Partial<Square.CatalogItem>, extra: Partial<Square.CatalogObject.Item> = {}): Square.CatalogObject.Item => ({
  type: 'ITEM',
  id: 'ITEM1',
  itemData: {
    name: 'Raven Hoodie',
    descriptionPlaintext: 'Heavy cotton',
    categories: [{ id: 'CAT1' }],
    imageIds: ['IMG1', 'IMG2'],
    itemOptions: [{ itemOptionId: 'SIZE' }],
    variations: [sized('V1', 'S', 6800), sized('V2', 'M', 7200, { imageIds: ['IMG3'] }), sized('V3', 'L', 7600)],
    ...data,
  },
  ...extra,
});

describe('a Square item as a shop product', () => {
  it('is one product with a variant per variation: option values, name, price, SKU, own picture and its own count', () => {
    expect(mapSquareItem(item({}), catalogue)).toEqual({
      squareItemId: 'ITEM1',
      details: {
        name: 'Raven Hoodie',
        description: 'Heavy cotton',
        category: 'pride',
        images: ['https://items.example/raven.jpg', 'https://items.example/moon.jpg', 'https://items.example/raven-m.jpg'],
      },
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variations: [
        {
          squareVariationId: 'V1',
          name: 'S',
          options: { Size: 'S' },
          sku: 'RH-S',
          priceCents: 6800,
          stock: { inStock: true, stockQuantity: 2 },
          count: { squareVariationId: 'V1', quantity: 2, calculatedAt: '2026-11-01T10:00:00.000Z' },
        },
        {
          squareVariationId: 'V2',
          name: 'M',
          options: { Size: 'M' },
          sku: 'RH-M',
          priceCents: 7200,
          imageUrl: 'https://items.example/raven-m.jpg',
          stock: { inStock: true, stockQuantity: 3 },
          count: { squareVariationId: 'V2', quantity: -1, calculatedAt: '2026-11-01T11:00:00.000Z' },
        },
        {
          squareVariationId: 'V3',
          name: 'L',
          options: { Size: 'L' },
          sku: 'RH-L',
          priceCents: 7600,
          // Never counted in Square: no units for a new variant, and one that follows it keeps its own.
          stock: { inStock: false, stockQuantity: 0 },
        },
      ],
      pictures: [
        { squareImageId: 'IMG1', url: 'https://items.example/raven.jpg' },
        { squareImageId: 'IMG2', url: 'https://items.example/moon.jpg' },
        { squareImageId: 'IMG3', url: 'https://items.example/raven-m.jpg' },
      ],
    });
  });

  it('names each Square picture it uses once, with its file, and none Square does not describe', () => {
    const mapped = mapSquareItem(
      item({ imageIds: ['IMG1', 'IMG9'], variations: [sized('V1', 'S', 6800, { imageIds: ['IMG1'] }), sized('V2', 'M', 7200, { imageIds: ['IMG3'] })] }),
      catalogue,
    )!;
    expect(mapped.pictures).toEqual([
      { squareImageId: 'IMG1', url: 'https://items.example/raven.jpg' },
      { squareImageId: 'IMG3', url: 'https://items.example/raven-m.jpg' },
    ]);
    expect(mapped.details.images).toEqual(['https://items.example/raven.jpg', 'https://items.example/raven-m.jpg']);
  });

  it('names an option’s values in Square’s order, only those some variation uses', () => {
    const mapped = mapSquareItem(item({ variations: [sized('V3', 'L', 7600), sized('V1', 'S', 6800)] }), catalogue)!;
    expect(mapped.options).toEqual([{ name: 'Size', values: ['S', 'L'] }]);
    expect(mapped.variations.map((v) => v.name)).toEqual(['L', 'S']);
  });

  it('makes the variations’ own names the values of one option when the item has no item options', () => {
    const mapped = mapSquareItem(
      item({ itemOptions: [], variations: [variation('V1', { name: 'Small' }), variation('V2', { name: 'Large' }), variation('V4', { name: 'Large' })] }),
      catalogue,
    )!;
    expect(mapped.options).toEqual([{ name: UNNAMED_OPTION, values: ['Small', 'Large', 'Large (3)'] }]);
    expect(mapped.variations.map((v) => [v.name, v.options])).toEqual([
      ['Small', { [UNNAMED_OPTION]: 'Small' }],
      ['Large', { [UNNAMED_OPTION]: 'Large' }],
      ['Large (3)', { [UNNAMED_OPTION]: 'Large (3)' }],
    ]);
  });

  it('is a product without options for an item with one variation', () => {
    const mapped = mapSquareItem(item({ itemOptions: [], variations: [variation('V1', { name: 'Regular' })] }), catalogue)!;
    expect(mapped.options).toEqual([]);
    expect(mapped.variations).toEqual([expect.objectContaining({ squareVariationId: 'V1', name: '', options: {}, priceCents: 6800 })]);
  });

  it('leaves out deleted and unpriced variations (their variants stop selling on the next sync)', () => {
    const mapped = mapSquareItem(item({ variations: [sized('V1', 'S', 6800), { ...sized('V2', 'M', 7200), isDeleted: true }, variation('V3', { priceMoney: undefined })] }), catalogue)!;
    expect(mapped.variations.map((v) => v.squareVariationId)).toEqual(['V1']);
  });

  it('maps category names onto the shop’s vocabulary, unknown ones to other', () => {
    expect(mapSquareItem(item({ categories: [{ id: 'CAT3' }] }), catalogue)?.details.category).toBe('apparel');
    expect(mapSquareItem(item({ categories: [{ id: 'CAT2' }] }), catalogue)?.details.category).toBe('other');
    expect(mapSquareItem(item({ categories: [] }), catalogue)?.details.category).toBe('other');
  });

  it('leaves the pictures out when the item has none (the product keeps the shop’s)', () => {
    const mapped = mapSquareItem(item({ imageIds: [], variations: [sized('V1', 'S', 6800)] }), catalogue);
    expect(mapped?.details).not.toHaveProperty('images');
    expect(mapped?.pictures).toEqual([]);
  });

  it('is sold out without counts', () => {
    const mapped = mapSquareItem(item({ variations: [sized('V9', 'S', 100)] }), { ...catalogue, readings: undefined });
    expect(mapped?.variations[0]).toMatchObject({ stock: { inStock: false, stockQuantity: 0 } });
    expect(mapped?.variations[0]).not.toHaveProperty('count');
  });

  it('leaves out deleted, archived and unpriced items', () => {
    expect(mapSquareItem(item({}, { isDeleted: true }), catalogue)).toBeUndefined();
    expect(mapSquareItem(item({ isArchived: true }), catalogue)).toBeUndefined();
    expect(mapSquareItem(item({ variations: [variation('V1', { priceMoney: undefined })] }), catalogue)).toBeUndefined();
  });

  it('reads Square’s decimal counts as whole units', () => {
    expect([wholeUnits('3'), wholeUnits('2.5'), wholeUnits('-1'), wholeUnits(undefined), wholeUnits('x')]).toEqual([3, 2, 0, 0, 0]);
  });
});
