import { onlyVariant, patchAdded, productImported } from '../../test/support/product-fixtures';
import { fold } from '../platform/event-store/decider';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { onlyVariantOf, upcastProductEvent } from './product-upcast';
import { productDecider } from './product.decider';
import type { ProductEvent } from './product.events';

/** A product event as stored before variants (its shape is no longer a ProductEvent). */
const legacy = (type: string, data: object) => ({ type, data }) as unknown as ProductEvent;
const legacyPatch = { productId: 7, name: 'Bat Patch', description: 'A bat', priceCents: 900, imageUrl: '/b.svg', category: 'patches', inStock: true, stockQuantity: 3 };
const legacyAdded = legacy('ProductAdded', legacyPatch);
const T1 = '2026-11-24T14:00:00.000Z';
const legacyLinked = legacy('ProductImportedFromSquare', { ...legacyPatch, squareItemId: 'ITEM', squareVariationId: 'VAR', squareCount: 3, squareCountAt: T1 });
const modernLinked = productImported([onlyVariant({ squareVariationId: 'VAR', squareCount: 3, squareCountAt: T1 })]);
const same = (stored: ProductEvent[], today: ProductEvent[]) => expect(fold(productDecider, stored)).toEqual(fold(productDecider, today));
const upcast = (event: ProductEvent, productId = 7) => upcastProductEvent(event, productId);

describe('product events stored before variants', () => {
  it('names the one variant of a product from before variants <productId>-1', () => {
    expect(onlyVariantOf(7)).toBe('7-1');
    expect(onlyVariantOf(12)).toBe('12-1');
  });

  it('reads ProductAdded as a product with one variant, its picture as a gallery of one', () => {
    expect(upcast(legacyAdded)).toEqual([patchAdded]);
    same([legacyAdded], [patchAdded]);
    expect(upcast(legacy('ProductAdded', { ...legacyPatch, imageUrl: '' }))).toEqual([{ ...patchAdded, data: { ...patchAdded.data, images: [] } }]);
  });

  it('reads ProductImportedFromSquare with the variation it followed and its last count', () => {
    expect(upcast(legacyLinked)).toEqual([modernLinked]);
    same([legacyLinked], [modernLinked]);
    // A count of 0 is a count.
    const zero = legacy('ProductImportedFromSquare', { ...legacyPatch, stockQuantity: 0, inStock: false, squareItemId: 'ITEM', squareVariationId: 'VAR', squareCount: 0, squareCountAt: T1 });
    expect(upcast(zero)).toEqual([productImported([onlyVariant({ inStock: false, stockQuantity: 0, squareVariationId: 'VAR', squareCount: 0, squareCountAt: T1 })])]);
  });

  it('reads ProductImportedFromSquare of an item summed from its variations as one variant following none', () => {
    const summed = legacy('ProductImportedFromSquare', { ...legacyPatch, squareItemId: 'ITEM' });
    const [read] = upcast(summed);
    expect(read).toEqual(productImported([onlyVariant()]));
    expect(read.type === 'ProductImportedFromSquare' && Object.keys(read.data.variants[0]).sort()).toEqual(['inStock', 'name', 'options', 'priceCents', 'stockQuantity', 'variantId']);
    same([summed], [productImported([onlyVariant()])]);
  });

  it("reads a price change as the variant's, and a picture as the gallery", () => {
    const priced = legacy('ProductDetailsChanged', { priceCents: 1000 });
    const variantPriced: ProductEvent = { type: 'VariantChanged', data: { variantId: '7-1', changes: { priceCents: 1000 } } };
    expect(upcast(priced)).toEqual([variantPriced]);
    same([legacyAdded, priced], [patchAdded, variantPriced]);
    const pictured = legacy('ProductDetailsChanged', { imageUrl: '/b2.svg' });
    expect(upcast(pictured)).toEqual([{ type: 'ProductDetailsChanged', data: { images: ['/b2.svg'] } }]);
    expect(upcast(legacy('ProductDetailsChanged', { imageUrl: '' }))).toEqual([{ type: 'ProductDetailsChanged', data: { images: [] } }]);
    const both = legacy('ProductDetailsChanged', { name: 'Bat Badge', priceCents: 1000, imageUrl: '/b2.svg' });
    const today: ProductEvent[] = [{ type: 'ProductDetailsChanged', data: { name: 'Bat Badge', images: ['/b2.svg'] } }, variantPriced];
    expect(upcast(both)).toEqual(today);
    same([legacyAdded, both], [patchAdded, ...today]);
    const named = legacy('ProductDetailsChanged', { name: 'Bat Badge', priceCents: 1000 });
    expect(upcast(named)).toEqual([{ type: 'ProductDetailsChanged', data: { name: 'Bat Badge' } }, variantPriced]);
  });

  it('reads a link to Square with a variation as the item and the variant linked', () => {
    const linked = legacy('ProductLinkedToSquare', { squareItemId: 'ITEM', squareVariationId: 'VAR' });
    const today: ProductEvent[] = [
      { type: 'ProductLinkedToSquare', data: { squareItemId: 'ITEM' } },
      { type: 'VariantLinkedToSquare', data: { variantId: '7-1', squareVariationId: 'VAR' } },
    ];
    expect(upcast(linked)).toEqual(today);
    same([legacyAdded, linked], [patchAdded, ...today]);
    // An item that had gained variations was followed no more.
    const unfollowed = legacy('ProductLinkedToSquare', { squareItemId: 'ITEM', squareVariationId: null });
    expect(upcast(unfollowed)[1]).toEqual({ type: 'VariantLinkedToSquare', data: { variantId: '7-1', squareVariationId: null } });
    same([legacyLinked, unfollowed], [modernLinked, today[0], { type: 'VariantLinkedToSquare', data: { variantId: '7-1', squareVariationId: null } }]);
  });

  it.each([
    ['StockSet', { inStock: true, stockQuantity: 2, squareCount: 2, squareCountAt: '2026-11-24T14:00:05.000Z' }],
    ['StockSet', { inStock: false, stockQuantity: 3 }],
    ['StockReserved', { orderId: 'a', quantity: 1 }],
    ['StockReleased', { orderId: 'a', quantity: 1 }],
    ['StockSold', { orderId: 'a', quantity: 1 }],
    ['StockRestocked', { orderId: 'a', refundId: 'r1', quantity: 1 }],
    ['StockPushedToSquare', { change: 'sold:a', quantity: -1, squareCount: 2, squareCountAt: '2026-11-24T14:00:05.000Z' }],
  ])('reads %s without a variant as one of the variant <productId>-1: %j', (type, data) => {
    expect(upcast(legacy(type, data), 12)).toEqual([{ type, data: { variantId: '12-1', ...data } }]);
  });

  it('folds a legacy stock history to the state of its modern equivalent', () => {
    const history = [
      legacy('StockReserved', { orderId: 'a', quantity: 1 }),
      legacy('StockReserved', { orderId: 'b', quantity: 1 }),
      legacy('StockSold', { orderId: 'a', quantity: 1 }),
      legacy('StockReleased', { orderId: 'b', quantity: 1 }),
      legacy('StockRestocked', { orderId: 'a', refundId: 'r1', quantity: 1 }),
      legacy('StockPushedToSquare', { change: 'sold:a', quantity: -1 }),
      legacy('StockSet', { inStock: true, stockQuantity: 2, squareCount: 2, squareCountAt: '2026-11-24T14:00:05.000Z' }),
    ];
    const today = history.map((e) => ({ ...e, data: { variantId: '7-1', ...e.data } }) as ProductEvent);
    same([legacyLinked, ...history], [modernLinked, ...today]);
    // And the stream decides on it as on today's: the restock is still waiting for its push.
    const state = fold(productDecider, [legacyLinked, ...history]);
    expect(state.exists && state.variants[0]).toMatchObject({ stockQuantity: 2, reservations: {}, unpushed: { 'restocked:r1': 1 }, restocked: { r1: 1 } });
  });

  it("keeps today's events and a stored event's metadata as they are", () => {
    const stored = { ...legacy('StockSold', { orderId: 'a', quantity: 1 }), streamId: 'product-7', eventId: 'e1', recordedAt: new Date(T1) } as unknown as RecordedEvent & ProductEvent;
    expect(upcast(stored)).toEqual([{ ...stored, data: { variantId: '7-1', orderId: 'a', quantity: 1 } }]);
    const todays: ProductEvent[] = [
      patchAdded,
      modernLinked,
      { type: 'ProductDetailsChanged', data: { name: 'Bat Badge' } },
      { type: 'ProductLinkedToSquare', data: { squareItemId: 'ITEM' } },
      { type: 'StockSold', data: { variantId: '7-2', orderId: 'a', quantity: 1 } },
      { type: 'ProductOptionsChanged', data: { options: [] } },
      { type: 'VariantRemoved', data: { variantId: '7-2' } },
    ];
    // Passed through as they are, not copied.
    for (const event of todays) {
      expect(upcast(event)).toHaveLength(1);
      expect(upcast(event)[0]).toBe(event);
    }
  });
});
