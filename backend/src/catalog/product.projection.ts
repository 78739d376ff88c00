import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projection } from '../platform/projections/projection';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { PRODUCT_STREAM_TYPE, ProductEvent } from './product.events';
import { ProductView } from './product.view';

@Injectable()
export class ProductProjection implements Projection {
  readonly name = 'products';
  readonly tables = ['products'];

  async apply(em: EntityManager, recorded: RecordedEvent): Promise<void> {
    if (recorded.streamType !== PRODUCT_STREAM_TYPE) return;
    const event = recorded as RecordedEvent<ProductEvent>;
    const stamp = { version: event.version, updatedAt: event.recordedAt };
    const id = Number(event.streamId.slice('product-'.length));
    switch (event.type) {
      case 'ProductAdded': {
        const { productId, ...fields } = event.data;
        await em.insert(ProductView, { id: productId, ...fields, reservedQuantity: 0, ...stamp });
        return;
      }
      case 'ProductImportedFromSquare': {
        const { productId, ...fields } = event.data;
        await em.insert(ProductView, { id: productId, ...fields, reservedQuantity: 0, ...stamp });
        return;
      }
      case 'ProductDetailsChanged':
      case 'StockSet':
        await em.nativeUpdate(ProductView, { id }, { ...event.data, ...stamp });
        return;
      case 'StockReserved':
        await em.execute('update products set reserved_quantity = reserved_quantity + ?, version = ?, updated_at = ? where id = ?', [
          event.data.quantity, stamp.version, stamp.updatedAt, id,
        ]);
        return;
      case 'StockReleased':
        await em.execute('update products set reserved_quantity = greatest(0, reserved_quantity - ?), version = ?, updated_at = ? where id = ?', [
          event.data.quantity, stamp.version, stamp.updatedAt, id,
        ]);
        return;
      case 'StockSold':
        // Mirrors the decider's evolve: never below zero, sold out when the last unit goes.
        await em.execute(
          `update products set stock_quantity = greatest(0, stock_quantity - ?), in_stock = in_stock and stock_quantity - ? > 0,
             reserved_quantity = greatest(0, reserved_quantity - ?), version = ?, updated_at = ? where id = ?`,
          [event.data.quantity, event.data.quantity, event.data.quantity, stamp.version, stamp.updatedAt, id],
        );
        return;
    }
  }
}
