import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SquareRefundReported } from '../square';
import { OrderRefunds } from './order-refunds';
import { OrderReader } from './order.reader';

/** A refund Square reported by webhook, recorded on the order it refunds (found by its payment). */
@CommandHandler(SquareRefundReported)
export class SquareRefundReportedHandler implements ICommandHandler<SquareRefundReported, boolean> {
  constructor(
    private readonly orders: OrderReader,
    private readonly refunds: OrderRefunds,
  ) {}

  async execute({ refund, caller }: SquareRefundReported): Promise<boolean> {
    const order = await this.orders.byPaymentId(refund.paymentId);
    if (!order) return false;
    return this.refunds.recordFromSquare(order.id, refund, caller);
  }
}
