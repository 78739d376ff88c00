import { deciderSpec } from '../../test/support/decider-spec';
import { batPatch, onlyVariant, productAdded, productImported, reserved } from '../../test/support/product-fixtures';
import { productDecider } from './product.decider';
import type { ProductEvent } from './product.events';
import { sellableAt } from './product-variants';

const spec = deciderSpec(productDecider);
const reserve = { kind: 'ReserveStock' as const, productId: 7, variantId: '7-1', orderId: 'a', quantity: 1 };
const free = onlyVariant({ priceCents: 0 });
const zeroAllowed: ProductEvent = { type: 'ProductDetailsChanged', data: { allowZeroPrice: true } };

describe('a $0.00 price is sold only when the studio chose it', () => {
  it('lists any price above $0.00, and $0.00 only on a product marked so', () => {
    expect([sellableAt(1, undefined), sellableAt(900, false), sellableAt(0, true)]).toEqual([true, true, true]);
    expect([sellableAt(0, undefined), sellableAt(0, false)]).toEqual([false, false]);
  });

  it('holds no unit of a $0.00 variant a Square sync brought over, as if it were not on sale', () => {
    spec
      .given(productImported([{ ...free, squareVariationId: 'V1' }]))
      .when(reserve)
      .thenThrows('OUT_OF_STOCK', 'Bat Patch is sold out.', { productId: 7, available: 0 });
  });

  it('holds units of it once the studio marks the product so, and from its first event when added so', () => {
    spec
      .given(productImported([{ ...free, squareVariationId: 'V1' }]), zeroAllowed)
      .when(reserve)
      .then([reserved('a')]);
    spec
      .given(productAdded([free], [], { ...batPatch, allowZeroPrice: true }))
      .when(reserve)
      .then([reserved('a')]);
  });

  it('stops again when the mark is taken off', () => {
    spec
      .given(productAdded([free], [], { ...batPatch, allowZeroPrice: true }), { type: 'ProductDetailsChanged', data: { allowZeroPrice: false } })
      .when(reserve)
      .thenThrows('OUT_OF_STOCK');
  });

  it('records the mark as a product fact, once', () => {
    spec
      .given(productAdded([free]))
      .when({ kind: 'ChangeProductDetails', productId: 7, changes: { allowZeroPrice: true } })
      .then([zeroAllowed]);
    spec
      .given(productAdded([free]), zeroAllowed)
      .when({ kind: 'ChangeProductDetails', productId: 7, changes: { allowZeroPrice: true } })
      .thenNothing();
  });

  it('a sync never takes the mark off: Square knows nothing of it', () => {
    spec
      .given(productImported([{ ...free, squareVariationId: 'V1' }]), zeroAllowed)
      .when({
        kind: 'ImportFromSquare',
        productId: 7,
        squareItemId: 'ITEM',
        details: { name: 'Bat Patch', description: 'A bat', category: 'patches', images: ['/b.svg'] },
        options: [],
        variations: [{ squareVariationId: 'V1', name: '', options: {}, priceCents: 0, stock: { inStock: true, stockQuantity: 3 } }],
      })
      .thenNothing();
  });
});
