import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../../platform/context/request-context';

/** What Square says of one of its refunds (a `PaymentRefund`): the fields the shop acts on. */
export interface ReportedRefund {
  id: string;
  paymentId: string;
  status: string;
}

/** Records a refund Square reported on the order it refunds; answers whether anything was recorded. */
export type RefundRecorder = (refund: ReportedRefund, caller: RequestContext) => Promise<boolean>;

/**
 * Square reports refunds (`refund.created`, `refund.updated`) to this module's webhook, but the
 * orders module owns refunds and itself calls Square: so the orders module hands its recorder in
 * (`recordWith`, at start) rather than this module importing it, and the webhook `report`s here.
 */
@Injectable()
export class SquareRefundReports {
  private recorder?: RefundRecorder;

  recordWith(recorder: RefundRecorder): void {
    this.recorder = recorder;
  }

  report(refund: ReportedRefund, caller: RequestContext): Promise<boolean> {
    if (!this.recorder) throw new Error('No module records the refunds Square reports');
    return this.recorder(refund, caller);
  }
}
