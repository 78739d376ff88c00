import { deciderSpec } from '../../test/support/decider-spec';
import { productDecider } from './product.decider';
import type { ProductEvent } from './product.events';

const spec = deciderSpec(productDecider);
const added: ProductEvent = {
  type: 'ProductAdded',
  data: { productId: 7, name: 'Bat Patch', description: 'A bat', priceCents: 900, imageUrl: '/b.svg', category: 'patches', inStock: true, stockQuantity: 3 },
};
const reservedA: ProductEvent = { type: 'StockReserved', data: { orderId: 'a', quantity: 2 } };

describe('product stock reservations', () => {
  it('holds units for an order', () => {
    spec.given(added).when({ kind: 'ReserveStock', productId: 7, orderId: 'a', quantity: 2 }).then([reservedA]);
  });

  it('holds nothing more when the same order asks again', () => {
    spec.given(added, reservedA).when({ kind: 'ReserveStock', productId: 7, orderId: 'a', quantity: 2 }).thenNothing();
  });

  it('counts what other orders hold', () => {
    spec.given(added, reservedA).when({ kind: 'ReserveStock', productId: 7, orderId: 'b', quantity: 2 }).thenThrows('INSUFFICIENT_STOCK', 'Only 1 of Bat Patch left.');
    spec
      .given(added, reservedA)
      .when({ kind: 'ReserveStock', productId: 7, orderId: 'b', quantity: 1 })
      .then([{ type: 'StockReserved', data: { orderId: 'b', quantity: 1 } }]);
  });

  it('refuses when everything is held or the product is marked sold out', () => {
    const allHeld: ProductEvent = { type: 'StockReserved', data: { orderId: 'a', quantity: 3 } };
    spec.given(added, allHeld).when({ kind: 'ReserveStock', productId: 7, orderId: 'b', quantity: 1 }).thenThrows('OUT_OF_STOCK', 'Bat Patch is sold out.');
    const soldOut: ProductEvent = { type: 'StockSet', data: { inStock: false, stockQuantity: 3 } };
    spec.given(added, soldOut).when({ kind: 'ReserveStock', productId: 7, orderId: 'b', quantity: 1 }).thenThrows('OUT_OF_STOCK');
  });

  it('refuses to reserve a product that does not exist', () => {
    spec.given().when({ kind: 'ReserveStock', productId: 7, orderId: 'a', quantity: 1 }).thenThrows('NOT_FOUND', 'Product 7 was not found.');
  });

  it('releases what an order held, once', () => {
    const released: ProductEvent = { type: 'StockReleased', data: { orderId: 'a', quantity: 2 } };
    spec.given(added, reservedA).when({ kind: 'ReleaseStock', productId: 7, orderId: 'a' }).then([released]);
    spec.given(added, reservedA, released).when({ kind: 'ReleaseStock', productId: 7, orderId: 'a' }).thenNothing();
    spec
      .given(added, reservedA, released)
      .when({ kind: 'ReserveStock', productId: 7, orderId: 'b', quantity: 3 })
      .then([{ type: 'StockReserved', data: { orderId: 'b', quantity: 3 } }]);
  });

  it('sells what an order held, once, and is sold out when the last unit goes', () => {
    const sold: ProductEvent = { type: 'StockSold', data: { orderId: 'a', quantity: 2 } };
    spec.given(added, reservedA).when({ kind: 'SellStock', productId: 7, orderId: 'a' }).then([sold]);
    spec.given(added, reservedA, sold).when({ kind: 'SellStock', productId: 7, orderId: 'a' }).thenNothing();
    spec.given(added, reservedA, sold).when({ kind: 'ReserveStock', productId: 7, orderId: 'b', quantity: 2 }).thenThrows('INSUFFICIENT_STOCK', 'Only 1 of Bat Patch left.');
    const lastOne: ProductEvent[] = [
      { type: 'StockReserved', data: { orderId: 'b', quantity: 1 } },
      { type: 'StockSold', data: { orderId: 'b', quantity: 1 } },
    ];
    spec
      .given(added, reservedA, sold, ...lastOne)
      .when({ kind: 'SetStock', productId: 7, inStock: false, stockQuantity: 0 })
      .thenNothing();
  });

  it('never sells below zero when the operator lowered the count meanwhile', () => {
    const lowered: ProductEvent = { type: 'StockSet', data: { inStock: true, stockQuantity: 1 } };
    const sold: ProductEvent = { type: 'StockSold', data: { orderId: 'a', quantity: 2 } };
    spec.given(added, reservedA, lowered, sold).when({ kind: 'SetStock', productId: 7, inStock: false, stockQuantity: 0 }).thenNothing();
  });
});
