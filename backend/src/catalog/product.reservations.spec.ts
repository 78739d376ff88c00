import { deciderSpec } from '../../test/support/decider-spec';
import { patchAdded as added, released, reserved, sold, stockSet } from '../../test/support/product-fixtures';
import { productDecider } from './product.decider';
import type { ProductEvent } from './product.events';

const spec = deciderSpec(productDecider);
const reserve = (orderId: string, quantity: number) => ({ kind: 'ReserveStock' as const, productId: 7, variantId: '7-1', orderId, quantity });
const reservedA = reserved('a', 2);

describe('product stock reservations', () => {
  it('holds units for an order', () => {
    spec.given(added).when(reserve('a', 2)).then([reservedA]);
  });

  it('holds nothing more when the same order asks again', () => {
    spec.given(added, reservedA).when(reserve('a', 2)).thenNothing();
  });

  it('counts what other orders hold', () => {
    spec.given(added, reservedA).when(reserve('b', 2)).thenThrows('INSUFFICIENT_STOCK', 'Only 1 of Bat Patch left.', { productId: 7, available: 1 });
    spec
      .given(added, reservedA)
      .when(reserve('b', 1))
      .then([reserved('b', 1)]);
  });

  it('refuses when everything is held or the product is marked sold out', () => {
    spec.given(added, reserved('a', 3)).when(reserve('b', 1)).thenThrows('OUT_OF_STOCK', 'Bat Patch is sold out.', { productId: 7, available: 0 });
    spec
      .given(added, stockSet('7-1', false, 3))
      .when(reserve('b', 1))
      .thenThrows('OUT_OF_STOCK');
  });

  it('refuses to reserve a product that does not exist', () => {
    spec.given().when(reserve('a', 1)).thenThrows('NOT_FOUND', 'Product 7 was not found.');
  });

  it('releases what an order held, once', () => {
    spec
      .given(added, reservedA)
      .when({ kind: 'ReleaseStock', productId: 7, orderId: 'a' })
      .then([released('a', 2)]);
    spec.given(added, reservedA, released('a', 2)).when({ kind: 'ReleaseStock', productId: 7, orderId: 'a' }).thenNothing();
    spec
      .given(added, reservedA, released('a', 2))
      .when(reserve('b', 3))
      .then([reserved('b', 3)]);
  });

  it('sells what an order held, once, and is sold out when the last unit goes', () => {
    spec
      .given(added, reservedA)
      .when({ kind: 'SellStock', productId: 7, orderId: 'a' })
      .then([sold('a', 2)]);
    spec.given(added, reservedA, sold('a', 2)).when({ kind: 'SellStock', productId: 7, orderId: 'a' }).thenNothing();
    spec.given(added, reservedA, sold('a', 2)).when(reserve('b', 2)).thenThrows('INSUFFICIENT_STOCK', 'Only 1 of Bat Patch left.');
    const lastOne: ProductEvent[] = [reserved('b', 1), sold('b', 1)];
    spec
      .given(added, reservedA, sold('a', 2), ...lastOne)
      .when({ kind: 'SetStock', productId: 7, inStock: false, stockQuantity: 0 })
      .thenNothing();
  });

  it('releases or sells nothing of a product that does not exist, or for an order that held nothing', () => {
    spec.given().when({ kind: 'SellStock', productId: 7, orderId: 'a' }).thenNothing();
    spec.given().when({ kind: 'ReleaseStock', productId: 7, orderId: 'a' }).thenNothing();
    spec.given(added, reservedA).when({ kind: 'SellStock', productId: 7, orderId: 'b' }).thenNothing();
  });

  it('never sells below zero when the operator lowered the count meanwhile', () => {
    spec
      .given(added, reservedA, stockSet('7-1', true, 1), sold('a', 2))
      .when({ kind: 'SetStock', productId: 7, inStock: false, stockQuantity: 0 })
      .thenNothing();
  });
});
