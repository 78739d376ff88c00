import { Injectable, OnModuleInit } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import { type ReportedRefund, SquareRefundReports } from '../square';
import { OrderRefunds } from './order-refunds';
import { OrderReader } from './order.reader';

/** A refund Square reported by webhook, recorded on the order it refunds (found by its payment). */
@Injectable()
export class SquareRefundRecorder implements OnModuleInit {
  constructor(
    private readonly reports: SquareRefundReports,
    private readonly orders: OrderReader,
    private readonly refunds: OrderRefunds,
  ) {}

  onModuleInit(): void {
    this.reports.recordWith((refund, caller) => this.record(refund, caller));
  }

  async record(refund: ReportedRefund, caller: RequestContext): Promise<boolean> {
    const order = await this.orders.byPaymentId(refund.paymentId);
    if (!order) return false;
    return this.refunds.recordFromSquare(order.id, refund, caller);
  }
}
