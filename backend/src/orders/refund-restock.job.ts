import { Injectable, Logger } from '@nestjs/common';
import { onlyVariantOf, Products } from '../catalog';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { orderStream, type OrderRefunded } from './order.events';

/**
 * On `OrderRefunded`, the worker puts the units of the lines marked `restock` back on the shelf
 * (`RestockFromRefund` on each product, once per refund); the product's `StockRestocked` then reaches
 * Square's count through the stock push job, as a sale does.
 */
@Injectable()
export class RefundRestockJob {
  private readonly logger = new Logger('RefundRestock');

  constructor(private readonly products: Products) {}

  @OnEvent<OrderRefunded>('OrderRefunded', { queue: 'checkout', job: 'refund-restock' })
  async restock(event: RecordedEvent<OrderRefunded>, caller: RequestContext): Promise<number> {
    const orderId = orderStream.idOf(event.streamId);
    let lines = 0;
    for (const line of event.data.lines.filter((l) => l.restock)) {
      const variantId = line.variantId ?? onlyVariantOf(line.productId);
      await this.products.run(line.productId, { kind: 'RestockFromRefund', variantId, orderId, refundId: event.data.refundId, quantity: line.quantity }, caller);
      lines++;
    }
    if (lines) this.logger.log(`Refund ${event.data.refundId} of order ${orderId}: ${lines} line(s) back in stock`);
    return lines;
  }
}
