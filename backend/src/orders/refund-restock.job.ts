import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Products } from '../catalog';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { JobHandlers } from '../platform/jobs/job-handlers';
import { OutboxRoutes } from '../platform/outbox/outbox-routes';
import { orderStream, type OrderRefunded } from './order.events';

export const REFUND_RESTOCK_JOB = 'refund-restock';

/**
 * On `OrderRefunded`, the worker puts the units of the lines marked `restock` back on the shelf
 * (`RestockFromRefund` on each product, once per refund); the product's `StockRestocked` then reaches
 * Square's count through the stock push job, as a sale does.
 */
@Injectable()
export class RefundRestockJob implements OnModuleInit {
  private readonly logger = new Logger('RefundRestock');

  constructor(
    private readonly routes: OutboxRoutes,
    private readonly handlers: JobHandlers,
    private readonly products: Products,
  ) {}

  onModuleInit(): void {
    this.routes.route('OrderRefunded', { queue: 'checkout', jobName: REFUND_RESTOCK_JOB });
    this.handlers.handle('checkout', REFUND_RESTOCK_JOB, (event, _job, caller) => this.restock(event as RecordedEvent<OrderRefunded>, caller));
  }

  async restock(event: RecordedEvent<OrderRefunded>, caller: RequestContext): Promise<number> {
    const orderId = orderStream.idOf(event.streamId);
    let lines = 0;
    for (const line of event.data.lines.filter((l) => l.restock)) {
      await this.products.run(line.productId, { kind: 'RestockFromRefund', orderId, refundId: event.data.refundId, quantity: line.quantity }, caller);
      lines++;
    }
    if (lines) this.logger.log(`Refund ${event.data.refundId} of order ${orderId}: ${lines} line(s) back in stock`);
    return lines;
  }
}
