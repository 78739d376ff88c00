import { Injectable, OnModuleInit } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import { type ReportedFulfillment, SquareFulfillmentReports } from '../square';
import { OrderReader } from './order.reader';
import { Orders } from './orders';

/**
 * A Square order's fulfillment that Square reported by webhook, recorded on the shop's order booked
 * as that Square order (the orders table's `square_order_id`, checked against the order's stream);
 * any other Square order (a sale at the stall) moves nothing.
 */
@Injectable()
export class SquareFulfillmentRecorder implements OnModuleInit {
  constructor(
    private readonly reports: SquareFulfillmentReports,
    private readonly reader: OrderReader,
    private readonly orders: Orders,
  ) {}

  onModuleInit(): void {
    this.reports.recordWith((report, caller) => this.record(report, caller));
  }

  async record({ fulfillment, deliveredVersion }: ReportedFulfillment, caller: RequestContext): Promise<boolean> {
    const row = await this.reader.bySquareOrderId(fulfillment.orderId);
    if (!row) return false;
    const order = await this.orders.load(row.id);
    if (!order.exists || order.squareOrder?.id !== fulfillment.orderId) return false;
    const { events } = await this.orders.run(
      row.id,
      {
        kind: 'RecordSquareFulfillment',
        squareVersion: fulfillment.version,
        deliveredVersion,
        type: fulfillment.type,
        state: fulfillment.state,
        carrier: fulfillment.carrier,
        trackingNumber: fulfillment.trackingNumber,
      },
      caller,
    );
    return events.length > 0;
  }
}
