import { deciderSpec } from '../../test/support/decider-spec';
import { batPatch, onlyVariant, patchAdded, productAdded, productImported } from '../../test/support/product-fixtures';
import { fold } from '../platform/event-store/decider';
import { productDecider, type ProductCommand, type VariantInput } from './product.decider';
import { type ExistingProduct } from './product.state';
import type { ProductEvent } from './product.events';

const spec = deciderSpec(productDecider);
const addPatch = { kind: 'AddProduct' as const, productId: 7, ...batPatch, options: [], variants: [{ options: {}, priceCents: 900, stock: { inStock: true, stockQuantity: 3 } }] };
/** The studio's edit of the patch's one variant, as the admin's form sends it. */
const editPatch = (variant: Partial<VariantInput>): Extract<ProductCommand, { kind: 'ChangeProductDetails' }> => ({
  kind: 'ChangeProductDetails',
  productId: 7,
  changes: {},
  options: [],
  variants: [{ variantId: '7-1', options: {}, priceCents: 900, ...variant }],
});

describe('product decider', () => {
  it('adds a new product with its one variant, 7-1, named nothing', () => {
    spec.given().when(addPatch).then([patchAdded]);
    const state = fold(productDecider, [patchAdded]);
    expect(state).toStrictEqual({
      exists: true,
      productId: 7,
      ...batPatch,
      options: [],
      variants: [{ variantId: '7-1', name: '', options: {}, priceCents: 900, inStock: true, stockQuantity: 3, reservations: {}, unpushed: {} }],
    });
  });

  it('keeps a Square link and count on a variant only when it has them', () => {
    const linked = fold(productDecider, [productImported([onlyVariant({ squareVariationId: 'VAR' })])]) as ExistingProduct;
    expect(linked.variants[0]).toStrictEqual({ ...onlyVariant(), squareVariationId: 'VAR', reservations: {}, unpushed: {} });
    const counted = fold(productDecider, [productImported([onlyVariant({ squareVariationId: 'VAR', squareCount: 0, squareCountAt: '2026-11-24T14:00:00.000Z' })])]) as ExistingProduct;
    expect(counted.variants[0]).toMatchObject({ squareCount: 0, squareCountAt: '2026-11-24T14:00:00.000Z' });
  });

  it("keeps a variant's SKU and own picture as given", () => {
    const variants = [{ options: {}, priceCents: 900, sku: 'BAT-1', imageUrl: '/b2.svg', stock: { inStock: true, stockQuantity: 3 } }];
    spec
      .given()
      .when({ ...addPatch, variants })
      .then([productAdded([onlyVariant({ sku: 'BAT-1', imageUrl: '/b2.svg' })])]);
  });

  it('refuses to add a product twice', () => {
    spec.given(patchAdded).when(addPatch).thenThrows('CONFLICT', 'Product 7 already exists.');
  });

  it('refuses to add a product without a name, or with a stock quantity it cannot hold', () => {
    spec
      .given()
      .when({ ...addPatch, name: ' ' })
      .thenThrows('INVALID', 'A product needs a name.');
    spec
      .given()
      .when({ ...addPatch, variants: [{ options: {}, priceCents: 900, stock: { inStock: true, stockQuantity: -1 } }] })
      .thenThrows('INVALID', 'The stock quantity must be a whole number from 0 to 100000.');
  });

  it.each([
    [{ priceCents: -1 }, /price/],
    [{ priceCents: 9.5 }, /price/],
  ])('refuses the variant %j', (variant, message) => {
    spec.given(patchAdded).when(editPatch(variant)).thenThrows('INVALID', message);
  });

  it('refuses a product without a name', () => {
    spec
      .given(patchAdded)
      .when({ kind: 'ChangeProductDetails', productId: 7, changes: { name: '  ' } })
      .thenThrows('INVALID', 'A product needs a name.');
  });

  it('changes one detail alone, leaving the variants as they were', () => {
    spec
      .given(patchAdded)
      .when({ kind: 'ChangeProductDetails', productId: 7, changes: { name: 'Bat Badge' } })
      .then([{ type: 'ProductDetailsChanged', data: { name: 'Bat Badge' } }]);
  });

  it('accepts a price from 0 to exactly 100000.00, and refuses one cent more', () => {
    const price = (priceCents: number) => spec.given(patchAdded).when(editPatch({ priceCents }));
    price(0).then([{ type: 'VariantChanged', data: { variantId: '7-1', changes: { priceCents: 0 } } }]);
    price(10_000_000).then([{ type: 'VariantChanged', data: { variantId: '7-1', changes: { priceCents: 10_000_000 } } }]);
    price(10_000_001).thenThrows('INVALID', 'The price must be a whole number of cents between 0 and 100000.00 dollars.');
  });

  it('records nothing when the same change is asked again', () => {
    const changed: ProductEvent = { type: 'VariantChanged', data: { variantId: '7-1', changes: { priceCents: 1000 } } };
    spec
      .given(patchAdded, changed)
      .when(editPatch({ priceCents: 1000 }))
      .thenNothing();
    const renamed: ProductEvent = { type: 'ProductDetailsChanged', data: { name: 'Bat Badge', images: ['/b.svg', '/b2.svg'] } };
    spec
      .given(patchAdded, renamed)
      .when({ kind: 'ChangeProductDetails', productId: 7, changes: { name: 'Bat Badge', images: ['/b.svg', '/b2.svg'] } })
      .thenNothing();
  });

  it('takes a detail or a variant field left undefined as left as it was', () => {
    spec
      .given(patchAdded)
      .when({ kind: 'ChangeProductDetails', productId: 7, changes: { name: undefined } })
      .thenNothing();
    spec
      .given(productAdded([onlyVariant({ sku: 'BAT-1' })]))
      .when(editPatch({ sku: undefined }))
      .thenNothing();
  });

  it('folds stock, price or links of a product that was never added to no product', () => {
    const stray: ProductEvent[] = [
      { type: 'StockSet', data: { variantId: '7-1', inStock: true, stockQuantity: 1 } },
      { type: 'ProductDetailsChanged', data: { name: 'Bat Badge' } },
      { type: 'VariantRemoved', data: { variantId: '7-1' } },
    ];
    expect(fold(productDecider, stray)).toEqual({ exists: false });
  });

  it('refuses to change a product that does not exist', () => {
    spec
      .given()
      .when({ kind: 'ChangeProductDetails', productId: 8, changes: { name: 'Bat Badge' } })
      .thenThrows('NOT_FOUND', 'Product 8 was not found.');
  });

  it('records only the details that changed, and only the variant fields that changed', () => {
    spec
      .given(patchAdded)
      .when({ ...editPatch({ priceCents: 1000 }), changes: { name: 'Bat Patch', images: ['/b.svg', '/b2.svg'] } })
      .then([
        { type: 'ProductDetailsChanged', data: { images: ['/b.svg', '/b2.svg'] } },
        { type: 'VariantChanged', data: { variantId: '7-1', changes: { priceCents: 1000 } } },
      ]);
    spec
      .given(patchAdded)
      .when(editPatch({ sku: 'BAT-1', imageUrl: '/b2.svg' }))
      .then([{ type: 'VariantChanged', data: { variantId: '7-1', changes: { sku: 'BAT-1', imageUrl: '/b2.svg' } } }]);
  });

  it("changes the gallery's order: the first picture is the product's", () => {
    spec
      .given(productAdded([onlyVariant()], [], { ...batPatch, images: ['/a.svg', '/b.svg'] }))
      .when({ kind: 'ChangeProductDetails', productId: 7, changes: { images: ['/b.svg', '/a.svg'] } })
      .then([{ type: 'ProductDetailsChanged', data: { images: ['/b.svg', '/a.svg'] } }]);
  });

  it('sets the stock of the one variant from the edit, and nothing when it is as it was', () => {
    spec
      .given(patchAdded)
      .when(editPatch({ stock: { inStock: true, stockQuantity: 5 } }))
      .then([{ type: 'StockSet', data: { variantId: '7-1', inStock: true, stockQuantity: 5 } }]);
    spec
      .given(patchAdded)
      .when(editPatch({ stock: { inStock: false, stockQuantity: 3 } }))
      .then([{ type: 'StockSet', data: { variantId: '7-1', inStock: false, stockQuantity: 3 } }]);
    spec
      .given(patchAdded)
      .when(editPatch({ stock: { inStock: true, stockQuantity: 3 } }))
      .thenNothing();
    spec
      .given(patchAdded)
      .when(editPatch({ stock: { inStock: true, stockQuantity: 100_001 } }))
      .thenThrows('INVALID', /stock quantity/);
  });

  it('sets stock, keeping in-stock and quantity as given', () => {
    spec
      .given(patchAdded)
      .when({ kind: 'SetStock', productId: 7, inStock: false, stockQuantity: 3 })
      .then([{ type: 'StockSet', data: { variantId: '7-1', inStock: false, stockQuantity: 3 } }]);
  });

  it('sets a new quantity under the same in-stock flag', () => {
    spec
      .given(patchAdded)
      .when({ kind: 'SetStock', productId: 7, inStock: true, stockQuantity: 10 })
      .then([{ type: 'StockSet', data: { variantId: '7-1', inStock: true, stockQuantity: 10 } }]);
  });

  it('accepts a stock quantity from 0 to exactly 100000', () => {
    spec
      .given(patchAdded)
      .when({ kind: 'SetStock', productId: 7, inStock: false, stockQuantity: 0 })
      .then([{ type: 'StockSet', data: { variantId: '7-1', inStock: false, stockQuantity: 0 } }]);
    spec
      .given(patchAdded)
      .when({ kind: 'SetStock', productId: 7, inStock: true, stockQuantity: 100_000 })
      .then([{ type: 'StockSet', data: { variantId: '7-1', inStock: true, stockQuantity: 100_000 } }]);
  });

  it('records nothing when the stock is already as asked', () => {
    spec.given(patchAdded).when({ kind: 'SetStock', productId: 7, inStock: true, stockQuantity: 3 }).thenNothing();
  });

  it.each([-1, 1.5, 100_001])('refuses the stock quantity %p', (stockQuantity) => {
    spec
      .given(patchAdded)
      .when({ kind: 'SetStock', productId: 7, inStock: true, stockQuantity })
      .thenThrows('INVALID', /stock quantity/);
  });

  it('refuses commands for a product that does not exist', () => {
    spec.given().when({ kind: 'SetStock', productId: 8, inStock: true, stockQuantity: 1 }).thenThrows('NOT_FOUND', 'Product 8 was not found.');
  });
});
