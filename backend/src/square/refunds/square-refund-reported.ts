import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '../../platform/context/request-context';

/** What Square says of one of its refunds (a `PaymentRefund`): the fields the shop acts on. */
export interface ReportedRefund {
  id: string;
  paymentId: string;
  status: string;
}

/**
 * Square reported a refund (`refund.created`, `refund.updated`): the checkout module records it on
 * the order whose payment it refunds. Answers whether anything was recorded.
 */
export class SquareRefundReported extends Command<boolean> {
  constructor(
    readonly refund: ReportedRefund,
    readonly caller: RequestContext,
  ) {
    super();
  }
}
