import type { MappedItem } from '../catalog-sync/square-item-mapping';
import { withCopies, type PictureCopy } from './picture-copies';

const square = (name: string) => `https://items-images.example/files/${name}.jpeg`;
const copy = (name: string) => `/uploads/${name.padEnd(24, '0')}-800.webp`;

const item: MappedItem = {
  squareItemId: 'ITEM1',
  details: { name: 'Raven Hoodie', description: '', category: 'apparel', images: [square('raven'), square('moon'), square('raven-m')] },
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variations: [
    { squareVariationId: 'V1', name: 'S', options: { Size: 'S' }, priceCents: 6800, stock: { inStock: true, stockQuantity: 1 } },
    { squareVariationId: 'V2', name: 'M', options: { Size: 'M' }, priceCents: 6800, imageUrl: square('raven-m'), stock: { inStock: true, stockQuantity: 1 } },
  ],
  pictures: [
    { squareImageId: 'IMG1', url: square('raven') },
    { squareImageId: 'IMG2', url: square('moon') },
    { squareImageId: 'IMG3', url: square('raven-m') },
  ],
};

const copies = (entries: [string, string][]): Map<string, PictureCopy> => new Map(entries.map(([id, name]) => [id, { url: square(name), picture: copy(name) }]));

describe("a Square item's pictures as the shop lists them", () => {
  it("are the shop's copies, the gallery's and each variant's own, once every one is kept", () => {
    const { item: listed, missing } = withCopies(
      item,
      copies([
        ['IMG1', 'raven'],
        ['IMG2', 'moon'],
        ['IMG3', 'raven-m'],
      ]),
    );
    expect(missing).toEqual([]);
    expect(listed.details.images).toEqual([copy('raven'), copy('moon'), copy('raven-m')]);
    expect(listed.variations.map((v) => v.imageUrl)).toEqual([undefined, copy('raven-m')]);
    expect(listed.variations[0]).not.toHaveProperty('imageUrl');
    expect({ ...listed, details: { ...listed.details, images: [] }, variations: [] }).toEqual({ ...item, details: { ...item.details, images: [] }, variations: [] });
  });

  it('are left out, gallery and variants alike, while one copy is missing: the product keeps its own', () => {
    const { item: listed, missing } = withCopies(
      item,
      copies([
        ['IMG1', 'raven'],
        ['IMG3', 'raven-m'],
      ]),
    );
    expect(missing).toEqual([{ squareImageId: 'IMG2', url: square('moon') }]);
    expect(listed.details).not.toHaveProperty('images');
    expect(listed.details).toEqual({ name: 'Raven Hoodie', description: '', category: 'apparel' });
    expect(listed.variations.map((v) => 'imageUrl' in v)).toEqual([false, false]);
    expect(listed.variations.map((v) => v.squareVariationId)).toEqual(['V1', 'V2']);
  });

  it('count as missing when the copy is of a file Square has since replaced', () => {
    const stale = new Map([
      ...copies([
        ['IMG1', 'raven'],
        ['IMG2', 'moon'],
        ['IMG3', 'raven-m'],
      ]),
      ['IMG2', { url: square('moon-old'), picture: copy('moon-old') }],
    ]);
    expect(withCopies(item, stale).missing).toEqual([{ squareImageId: 'IMG2', url: square('moon') }]);
  });

  it('are none for an item without pictures, which keeps the shop’s', () => {
    const bare: MappedItem = { ...item, details: { name: 'Bare', description: '', category: 'other' }, variations: [item.variations[0]], pictures: [] };
    const { item: listed, missing } = withCopies(bare, new Map());
    expect(missing).toEqual([]);
    expect(listed.details).not.toHaveProperty('images');
    expect(listed).toEqual(bare);
  });
});
