import { Injectable, OnModuleInit } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import { type ReportedFulfillment, SquareFulfillmentReports } from '../square';
import { OrderReader } from './order.reader';
import { Orders } from './orders';

/**
 * A Square order's fulfillment that Square reported by webhook, recorded on the shop's order it
 * books: found by the Square order's `reference_id` (the order's number, or its checkout's id before
 * it was paid), and only if that order's Square order is this one, so an order of the stall that
 * happens to carry the same reference moves nothing.
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
    const row = fulfillment.referenceId ? await this.reader.byIdOrNumber(fulfillment.referenceId) : null;
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
