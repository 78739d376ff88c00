import type { Square } from 'square';
import { squareItemWrite, type ProductToWrite, type SquareSide } from './square-item-objects';

const size: Square.CatalogObject.ItemOption = {
  type: 'ITEM_OPTION',
  id: 'SIZE',
  version: 3n,
  itemOptionData: {
    name: 'Size',
    values: ['S', 'M'].map((name): Square.CatalogObject.ItemOptionVal => ({ type: 'ITEM_OPTION_VAL', id: `SIZE-${name}`, version: 3n, itemOptionValueData: { itemOptionId: 'SIZE', name } })),
  },
};
const clothing: Square.CatalogObject.Category = { type: 'CATEGORY', id: 'CLOTHING', categoryData: { name: 'Clothing' } };

const beanie: ProductToWrite = {
  name: 'Moth Beanie',
  description: 'Ribbed knit',
  category: 'apparel',
  options: [{ name: 'Size', values: ['S', 'L'] }],
  variants: [
    { variantId: '9-1', options: { Size: 'S' }, priceCents: 2500, sku: 'MOTH-S' },
    { variantId: '9-2', options: { Size: 'L' }, priceCents: 2900 },
  ],
  droppedVariationIds: [],
};
const empty: SquareSide = { itemOptions: [size], categories: [clothing], currency: 'USD' };

const variation = (id: string, value: string, cents: number, sku?: string): Square.CatalogObject.ItemVariation => ({
  type: 'ITEM_VARIATION',
  id,
  version: 5n,
  itemVariationData: {
    itemId: 'ITEM',
    name: value,
    ...(sku ? { sku } : {}),
    pricingType: 'FIXED_PRICING',
    priceMoney: { amount: BigInt(cents), currency: 'USD' },
    trackInventory: true,
    itemOptionValues: [{ itemOptionId: 'SIZE', itemOptionValueId: `SIZE-${value}` }],
  },
});
const item = (variations: Square.CatalogObject.ItemVariation[]): Square.CatalogObject.Item => ({
  type: 'ITEM',
  id: 'ITEM',
  version: 5n,
  itemData: { name: 'Moth Beanie', description: 'Ribbed knit', categories: [{ id: 'CLOTHING' }], imageIds: ['IMG'], itemOptions: [{ itemOptionId: 'SIZE' }], variations },
});

describe('a shop product as Square catalogue objects', () => {
  it("creates the item with a variation per variant, reusing the seller's Size grown by the value it lacks, in the category of that name", () => {
    const write = squareItemWrite(beanie, empty);
    const [option, created] = write.objects as [Square.CatalogObject.ItemOption, Square.CatalogObject.Item];
    expect(option).toMatchObject({ id: 'SIZE', version: 3n, itemOptionData: { name: 'Size' } });
    expect(option.itemOptionData!.values!.map((v) => [v.id, (v as Square.CatalogObject.ItemOptionVal).itemOptionValueData?.name])).toEqual([
      ['SIZE-S', 'S'],
      ['SIZE-M', 'M'],
      ['#option-0-value-0', 'L'],
    ]);
    expect(created).toMatchObject({ id: '#item', itemData: { name: 'Moth Beanie', description: 'Ribbed knit', categories: [{ id: 'CLOTHING' }], itemOptions: [{ itemOptionId: 'SIZE' }] } });
    expect(created).not.toHaveProperty('version');
    expect(created.itemData!.variations!.map((v) => (v as Square.CatalogObject.ItemVariation).itemVariationData)).toEqual([
      expect.objectContaining({ name: 'S', sku: 'MOTH-S', priceMoney: { amount: 2500n, currency: 'USD' }, itemOptionValues: [{ itemOptionId: 'SIZE', itemOptionValueId: 'SIZE-S' }] }),
      expect.objectContaining({ name: 'L', priceMoney: { amount: 2900n, currency: 'USD' }, itemOptionValues: [{ itemOptionId: 'SIZE', itemOptionValueId: '#option-0-value-0' }] }),
    ]);
    expect(write.created).toEqual(
      new Map([
        ['9-1', '#variant-9-1'],
        ['9-2', '#variant-9-2'],
      ]),
    );
    expect(write.upToDate).toBe(false);
  });

  it('makes a new option and a new category when Square has none of that name; a product without options has one Regular variation', () => {
    const write = squareItemWrite({ ...beanie, category: 'patches' }, { ...empty, itemOptions: [] });
    expect(write.objects.map((o) => [o.type, o.id])).toEqual([
      ['ITEM_OPTION', '#option-0'],
      ['CATEGORY', '#category'],
      ['ITEM', '#item'],
    ]);
    expect((write.objects[1] as Square.CatalogObject.Category).categoryData?.name).toBe('Patches');
    const plain = squareItemWrite({ ...beanie, options: [], variants: [{ variantId: '9-1', options: {}, priceCents: 900 }] }, empty);
    const [only] = (plain.objects.at(-1) as Square.CatalogObject.Item).itemData!.variations as Square.CatalogObject.ItemVariation[];
    expect(only.itemVariationData).toMatchObject({ name: 'Regular' });
    expect(only.itemVariationData).not.toHaveProperty('itemOptionValues');
  });

  it("updates the item at Square's versions: followed variations kept, a removed variant's dropped, one added in Square kept, pictures kept", () => {
    const current = item([variation('V-S', 'S', 2500, 'MOTH-S'), variation('V-M', 'M', 2700), variation('V-NEW', 'M', 3100)]);
    const write = squareItemWrite(
      { ...beanie, options: [{ name: 'Size', values: ['S'] }], variants: [{ ...beanie.variants[0]!, priceCents: 2600, squareVariationId: 'V-S' }], droppedVariationIds: ['V-M'] },
      { ...empty, item: current },
    );
    const updated = write.objects.at(-1) as Square.CatalogObject.Item;
    expect(updated).toMatchObject({ id: 'ITEM', version: 5n, itemData: { imageIds: ['IMG'] } });
    expect(updated.itemData!.variations!.map((v) => [v.id, v.version, Number((v as Square.CatalogObject.ItemVariation).itemVariationData!.priceMoney!.amount)])).toEqual([
      ['V-S', 5n, 2600],
      ['V-NEW', 5n, 3100],
    ]);
    expect(write.created.size).toBe(0);
    // A variant whose variation was deleted in Square takes one of its values that no variant follows, else a new one.
    const gone = (size: string) =>
      squareItemWrite({ ...beanie, variants: [{ variantId: '9-1', options: { Size: size }, priceCents: 2500, squareVariationId: 'V-GONE' }] }, { ...empty, item: current });
    expect(gone('M').adopted).toEqual(new Map([['9-1', 'V-M']]));
    expect(gone('L').created).toEqual(new Map([['9-1', '#variant-9-1']]));
  });

  it('takes a variation Square has with the same values and no variant follows, rather than adding it twice (a retried write)', () => {
    const current = item([variation('V-S', 'S', 2500, 'MOTH-S'), variation('V-M', 'M', 2700)]);
    const write = squareItemWrite(
      {
        ...beanie,
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { ...beanie.variants[0]!, squareVariationId: 'V-S' },
          { variantId: '9-3', options: { Size: 'M' }, priceCents: 2700 },
        ],
      },
      { ...empty, item: current },
    );
    expect(write.adopted).toEqual(new Map([['9-3', 'V-M']]));
    expect(write.created.size).toBe(0);
  });

  it('is up to date when Square holds the product already (a sync of what the shop wrote writes nothing back)', () => {
    const current = item([variation('V-S', 'S', 2500, 'MOTH-S'), variation('V-M', 'M', 2700)]);
    const product: ProductToWrite = {
      ...beanie,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { ...beanie.variants[0]!, squareVariationId: 'V-S' },
        { variantId: '9-2', options: { Size: 'M' }, priceCents: 2700, squareVariationId: 'V-M' },
      ],
    };
    expect(squareItemWrite(product, { ...empty, item: current }).upToDate).toBe(true);
    expect(squareItemWrite({ ...product, name: 'Moth Beanie II' }, { ...empty, item: current }).upToDate).toBe(false);
  });
});
