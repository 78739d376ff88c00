import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ProductDto } from '../catalog';
import { merchantFeedXml } from './merchant-feed';

const settings = { brand: 'The Dark Circle', apparelGender: 'unisex', apparelAgeGroup: 'adult', defaultColor: 'Black' } as const;
const variant = (id: string, options: Record<string, string>, price: string, inStock = true) => ({
  id,
  name: Object.values(options).join(' / '),
  options,
  sku: null,
  price,
  inStock,
  stockQuantity: inStock ? 2 : 0,
  imageUrl: '',
});
const product = (over: Partial<ProductDto>): ProductDto => ({
  id: 7,
  name: 'Widow Tee',
  description: 'A tee.',
  sizeGuide: '',
  price: '30.00',
  priceMax: '30.00',
  imageUrl: '/images/products/bat.svg',
  images: ['/images/products/bat.svg', 'https://cdn.example/uploads/back.jpg'],
  category: 'apparel',
  inStock: true,
  stockQuantity: 2,
  options: [],
  variants: [variant('7-1', {}, '30.00')],
  version: 1,
  ...over,
});
type Item = Record<string, unknown> & { 'g:shipping': Record<string, string> };
const items = (xml: string) => {
  expect(XMLValidator.validate(xml)).toBe(true);
  const item = new XMLParser({ isArray: (name) => name === 'item' || name === 'g:additional_image_link' }).parse(xml).rss.channel.item;
  return item as Item[];
};

describe('the merchant feed', () => {
  it('takes size and colour from the options, whatever their case, and keeps an upload on its own origin', () => {
    const [black, red] = items(
      merchantFeedXml(
        'https://shop.test',
        [product({ options: [], variants: [variant('7-1', { size: 'S', Colour: 'Oxblood' }, '30.00'), variant('7-2', { SIZE: 'M' }, '55.00', false)] })],
        settings,
      ),
    );
    expect(black).toMatchObject({
      'g:size': 'S',
      'g:color': 'Oxblood',
      'g:availability': 'in_stock',
      title: 'Widow Tee — S / Oxblood',
      'g:image_link': 'https://shop.test/images/products/bat.svg',
    });
    expect(black['g:additional_image_link']).toEqual(['https://cdn.example/uploads/back.jpg']);
    expect(black['g:shipping']['g:price']).toBe('5.00 USD');
    expect(red).toMatchObject({ 'g:size': 'M', 'g:color': 'Black', 'g:availability': 'out_of_stock', 'g:price': '55.00 USD' });
    expect(red['g:shipping']['g:price']).toBe('0.00 USD');
  });

  it('gives no apparel attributes to what is not clothing, and no picture it does not have', () => {
    const [patch] = items(merchantFeedXml('https://shop.test', [product({ category: 'patches', imageUrl: '', images: [], description: '' })], settings));
    expect(patch['g:gender']).toBeUndefined();
    expect(patch['g:color']).toBeUndefined();
    expect(patch['g:image_link']).toBeUndefined();
    // Merchant Center requires a description: the name stands in.
    expect(patch.description).toBe('Widow Tee');
  });
});
