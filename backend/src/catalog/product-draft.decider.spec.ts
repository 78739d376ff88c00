import { deciderSpec } from '../../test/support/decider-spec';
import { batPatch, onlyVariant, patchAdded, productAdded } from '../../test/support/product-fixtures';
import { fold } from '../platform/event-store/decider';
import { productDecider, type ProductCommand } from './product.decider';
import type { ProductEvent } from './product.events';
import type { ExistingProduct } from './product.state';

const spec = deciderSpec(productDecider);
const addPatch = { kind: 'AddProduct' as const, productId: 7, ...batPatch, options: [], variants: [{ options: {}, priceCents: 900, stock: { inStock: true, stockQuantity: 3 } }] };
const draftAdded: ProductEvent = { type: 'ProductAdded', data: { ...(patchAdded.data as object), draft: true } } as ProductEvent;
const published: ProductEvent = { type: 'ProductPublished', data: {} };
const drafted: ProductEvent = { type: 'ProductDrafted', data: {} };
const status = (to: 'draft' | 'active'): ProductCommand => ({ kind: 'SetProductStatus', productId: 7, status: to });
const reserve: ProductCommand = { kind: 'ReserveStock', productId: 7, variantId: '7-1', orderId: 'o1', quantity: 1 };

/** A draft is the studio's work in progress: not listed, not sold, not in Square until published. */
describe('product decider: drafts', () => {
  it('adds a product as a draft when the studio asks, and as active (no flag at all) otherwise', () => {
    spec
      .given()
      .when({ ...addPatch, draft: true })
      .then([draftAdded]);
    expect(productDecider.decide({ ...addPatch, draft: false }, { exists: false })).toStrictEqual([patchAdded]);
    expect(productDecider.decide(addPatch, { exists: false })).toStrictEqual([patchAdded]);
  });

  it('folds a draft, its publication and its return to draft', () => {
    expect((fold(productDecider, [draftAdded]) as ExistingProduct).draft).toBe(true);
    expect(fold(productDecider, [draftAdded, published])).toStrictEqual(fold(productDecider, [patchAdded]));
    expect((fold(productDecider, [patchAdded, drafted]) as ExistingProduct).draft).toBe(true);
  });

  it('reads a product stored before drafts (a ProductAdded without the flag, even one from before variants) as active', () => {
    const legacy = { type: 'ProductAdded', data: { productId: 7, ...batPatch, priceCents: 900, imageUrl: '/b.svg', inStock: true, stockQuantity: 3 } } as unknown as ProductEvent;
    expect(fold(productDecider, [legacy])).not.toHaveProperty('draft');
    spec
      .given(legacy)
      .when(reserve)
      .then([{ type: 'StockReserved', data: { variantId: '7-1', orderId: 'o1', quantity: 1 } }]);
  });

  it('publishes a draft once: publishing a product on sale records nothing', () => {
    spec.given(draftAdded).when(status('active')).then([published]);
    spec.given(draftAdded, published).when(status('active')).thenNothing();
    spec.given(patchAdded).when(status('active')).thenNothing();
  });

  it('takes a product on sale back to draft once, and publishes it again', () => {
    spec.given(patchAdded).when(status('draft')).then([drafted]);
    spec.given(patchAdded, drafted).when(status('draft')).thenNothing();
    spec.given(draftAdded).when(status('draft')).thenNothing();
    spec.given(patchAdded, drafted).when(status('active')).then([published]);
  });

  it('refuses the status of a product that does not exist: 404', () => {
    spec.given().when(status('active')).thenThrows('NOT_FOUND', 'Product 7 was not found.');
    spec.given().when(status('draft')).thenThrows('NOT_FOUND', 'Product 7 was not found.');
  });

  it('refuses a checkout’s reservation of a draft, whatever it has on hand: 409 OUT_OF_STOCK', () => {
    spec
      .given(draftAdded)
      .when(reserve)
      .thenThrows('OUT_OF_STOCK', /Bat Patch is sold out/, { productId: 7, available: 0 });
    spec
      .given(patchAdded, drafted)
      .when(reserve)
      .thenThrows('OUT_OF_STOCK', /Bat Patch is sold out/, { productId: 7, available: 0 });
  });

  it('sells a draft once it is published', () => {
    spec
      .given(draftAdded, published)
      .when(reserve)
      .then([{ type: 'StockReserved', data: { variantId: '7-1', orderId: 'o1', quantity: 1 } }]);
    spec
      .given(productAdded([onlyVariant()]), drafted, published)
      .when(reserve)
      .then([{ type: 'StockReserved', data: { variantId: '7-1', orderId: 'o1', quantity: 1 } }]);
  });
});
