import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../platform/context/request-context';
import type { SeenFulfillment } from './square-fulfillments';

/** What an order webhook told of: the Square order's fulfillment as read after it, and the version the delivery named. */
export interface ReportedFulfillment {
  fulfillment: SeenFulfillment;
  deliveredVersion: number;
}

/** Records a Square order's fulfillment on the shop's order it books; answers whether anything was recorded. */
export type FulfillmentRecorder = (report: ReportedFulfillment, caller: RequestContext) => Promise<boolean>;

/**
 * Square reports its orders' changes (`order.updated`, `order.fulfillment.updated`) to this module's
 * webhook, but the orders module owns fulfillment: so it hands its recorder in (`recordWith`, at
 * start) rather than this module importing it, as for refunds.
 */
@Injectable()
export class SquareFulfillmentReports {
  private recorder?: FulfillmentRecorder;

  recordWith(recorder: FulfillmentRecorder): void {
    this.recorder = recorder;
  }

  report(report: ReportedFulfillment, caller: RequestContext): Promise<boolean> {
    if (!this.recorder) throw new Error('No module records the fulfillments Square reports');
    return this.recorder(report, caller);
  }
}
