import { deciderSpec } from '../../test/support/decider-spec';
import { onlyVariant, patchAdded, productImported, reserved, sized, sizes } from '../../test/support/product-fixtures';
import { productDecider, type ProductCommand } from './product.decider';
import type { ProductEvent } from './product.events';
import { apply, type ExistingProduct } from './product.state';

const spec = deciderSpec(productDecider);
const imported = productImported([onlyVariant({ squareVariationId: 'VAR' })]);
const withdraw = (reason: 'archived' | 'deleted' | 'missing' = 'archived', squareItemId = 'ITEM'): ProductCommand => ({ kind: 'WithdrawInSquare', productId: 7, squareItemId, reason });
const restore = (squareItemId = 'ITEM'): ProductCommand => ({ kind: 'RestoreInSquare', productId: 7, squareItemId });
const withdrawn = (reason: 'archived' | 'deleted' | 'missing' = 'archived'): ProductEvent => ({ type: 'ProductWithdrawnInSquare', data: { squareItemId: 'ITEM', reason } });
const restored: ProductEvent = { type: 'ProductRestoredInSquare', data: { squareItemId: 'ITEM' } };
const reserve = (quantity = 1, variantId = '7-1'): ProductCommand => ({ kind: 'ReserveStock', productId: 7, variantId, orderId: 'o1', quantity });

/** A product whose Square item was archived or deleted is not sold online until the item is on sale again. */
describe('product decider: withdrawn in Square', () => {
  it.each(['archived', 'deleted', 'missing'] as const)('withdraws a product whose item a sync read %s', (reason) => {
    spec
      .given(imported)
      .when(withdraw(reason))
      .then([withdrawn(reason)]);
  });

  it('withdraws once: a second sync that reads the item archived (or now deleted) records nothing', () => {
    spec.given(imported, withdrawn()).when(withdraw()).thenNothing();
    spec.given(imported, withdrawn()).when(withdraw('missing')).thenNothing();
  });

  it('leaves a product linked to another item since the read, one never linked, and one that does not exist', () => {
    spec.given(imported).when(withdraw('archived', 'OTHER')).thenNothing();
    spec.given(patchAdded).when(withdraw()).thenNothing();
    spec.given().when(withdraw()).thenNothing();
  });

  it('refuses a checkout’s reservation of a withdrawn product, whatever it has on hand: 409 OUT_OF_STOCK', () => {
    spec
      .given(imported, withdrawn())
      .when(reserve())
      .thenThrows('OUT_OF_STOCK', /Bat Patch is sold out/, { productId: 7, available: 0 });
    spec
      .given(imported, withdrawn(), restored)
      .when(reserve())
      .then([reserved('o1')]);
  });

  it('refuses every size of a withdrawn sized product', () => {
    const hoodie = productImported([sized('S', { squareVariationId: 'V-S' }), sized('M', { squareVariationId: 'V-M' })], sizes);
    spec
      .given(hoodie, withdrawn('deleted'))
      .when(reserve(1, '7-2'))
      .thenThrows('OUT_OF_STOCK', /M is sold out/);
    spec
      .given(hoodie)
      .when(reserve(1, '7-2'))
      .then([reserved('o1', 1, '7-2')]);
  });

  it('restores a withdrawn product when a sync reads its item on sale again, once', () => {
    spec.given(imported, withdrawn()).when(restore()).then([restored]);
    spec.given(imported, withdrawn(), restored).when(restore()).thenNothing();
  });

  it('restores only a withdrawn product, of the item it follows', () => {
    spec.given(imported).when(restore()).thenNothing();
    spec.given(imported, withdrawn()).when(restore('OTHER')).thenNothing();
    spec.given().when(restore()).thenNothing();
  });

  it('keeps the reason while withdrawn and forgets it when restored', () => {
    const state = (...events: ProductEvent[]) => apply(productDecider.evolve(productDecider.initialState, imported) as ExistingProduct, events);
    expect(state(withdrawn('missing')).withdrawnInSquare).toBe('missing');
    expect(state(withdrawn('missing'), restored)).not.toHaveProperty('withdrawnInSquare');
    expect(state(withdrawn(), restored)).toMatchObject({ squareItemId: 'ITEM', variants: [expect.objectContaining({ variantId: '7-1', stockQuantity: 3 })] });
  });
});
