import { Injectable, Logger } from '@nestjs/common';
import { SquareOrders } from '../square';
import type { RequestContext } from '../platform/context/request-context';
import { Orders } from './orders';

export type NumberingOutcome = 'numbered' | 'already-numbered' | 'no-square-order' | 'not-paid' | 'closed-in-square' | 'refused' | 'unknown';

/**
 * Numbers go to paid orders only, so a checkout's Square order is made with the checkout's id as
 * `reference_id` and given the order's number once it is paid (`UpdateOrder` at the order's current
 * version, `SquareOrders.setReference`), recorded as `SquareOrderNumbered`. The checkout does it as
 * it settles; when Square cannot be reached then, the worker does it on `OrderPlaced`, retried
 * until Square answers. Whoever comes second finds it recorded, or Square's order carrying the
 * number already, and changes nothing.
 */
@Injectable()
export class SquareOrderNumbering {
  private readonly logger = new Logger('SquareBooks');

  constructor(
    private readonly orders: Orders,
    private readonly square: SquareOrders,
  ) {}

  async number(orderId: string, caller: RequestContext): Promise<NumberingOutcome> {
    const order = await this.orders.load(orderId);
    if (!order.exists || !order.squareOrder) return 'no-square-order';
    if ((order.status !== 'paid' && order.status !== 'placed') || !order.orderNumber) return 'not-paid';
    if (order.squareOrder.numberedAs === order.orderNumber) return 'already-numbered';
    const squareOrderId = order.squareOrder.id;
    const answer = await this.square.setReference(squareOrderId, order.orderNumber);
    if (!answer.ok) {
      this.logger.warn(`Square order ${squareOrderId} of order ${order.orderNumber} not numbered yet (${answer.failure.message})`);
      return answer.failure.kind === 'unknown' ? 'unknown' : 'refused';
    }
    if (answer.value === 'closed') {
      this.logger.warn(`Square order ${squareOrderId} of order ${order.orderNumber} was closed in Square before it carried the number`);
      return 'closed-in-square';
    }
    await this.orders.run(orderId, { kind: 'RecordSquareOrderNumber', squareOrderId, referenceId: order.orderNumber }, caller);
    return 'numbered';
  }
}
