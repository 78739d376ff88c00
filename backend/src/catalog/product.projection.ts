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
        await em.insert(ProductView, { id: productId, ...fields, ...stamp });
        return;
      }
      case 'ProductDetailsChanged':
      case 'StockSet':
        await em.nativeUpdate(ProductView, { id }, { ...event.data, ...stamp });
        return;
    }
  }
}
