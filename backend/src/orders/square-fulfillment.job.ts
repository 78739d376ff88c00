import { Injectable, Logger } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { SquareFulfillments } from '../square';
import { orderStream, type FulfillmentStep, type OrderPickedUp, type OrderReadyForPickup, type OrderShipped } from './order.events';
import { squareFulfillmentOwed } from './order-square-fulfillment.decider';
import { orderName, type OpenOrder } from './order.state';
import { Orders } from './orders';

type StepEvent = OrderReadyForPickup | OrderPickedUp | OrderShipped;

export type FulfillmentSyncOutcome = 'no-square-order' | 'in-step' | 'synced' | 'refused';

/**
 * On each fulfillment step, the worker moves the order's fulfillment in Square's books along (ready:
 * PREPARED; picked up or shipped: COMPLETED, with the carrier and tracking number), one step at a
 * time, and records on the order stream what Square then holds. It goes by the order's step now,
 * not the event's, so a late job catches up and a repeated one finds nothing owed. Square away (a
 * 5xx, a timeout): the job fails and is asked again (by BullMQ, then by the sweep) until Square
 * takes it; a refusal for good is recorded, and that step not asked again.
 */
@Injectable()
export class SquareFulfillmentJob {
  private readonly logger = new Logger('SquareFulfillment');

  constructor(
    private readonly orders: Orders,
    private readonly square: SquareFulfillments,
  ) {}

  @OnEvent<StepEvent>(['OrderReadyForPickup', 'OrderPickedUp', 'OrderShipped'], { queue: 'square', job: 'square-fulfillment' })
  onStep(event: RecordedEvent<StepEvent>, caller: RequestContext): Promise<FulfillmentSyncOutcome> {
    return this.sync(orderStream.idOf(event.streamId), caller);
  }

  async sync(orderId: string, caller: RequestContext): Promise<FulfillmentSyncOutcome> {
    const order = await this.orders.load(orderId);
    // Orders from before the Square books have no Square order to follow.
    if (!order.exists || !order.squareOrder) return 'no-square-order';
    const target = squareFulfillmentOwed(order);
    if (!target) return 'in-step';
    const shipped = order.steps.shipped;
    const answer = await this.square.moveTo(
      order.squareOrder.id,
      target,
      shipped ? { carrier: shipped.carrier, trackingNumber: shipped.trackingNumber, trackingUrl: shipped.trackingUrl } : undefined,
    );
    if (!answer.ok) {
      const { failure } = answer;
      if (failure.kind === 'unknown')
        throw new Error(`Square order ${order.squareOrder.id} of order ${orderName(order)}: its fulfillment could not be moved to ${target} yet (${failure.message})`);
      return this.refused(order, target, { code: failure.code, message: failure.detail }, caller);
    }
    const seen = answer.value;
    if (!seen) return this.refused(order, target, { code: 'NOT_FOUND', message: 'Square has no fulfillment on this order.' }, caller);
    await this.orders.run(
      orderId,
      { kind: 'RecordSquareFulfillment', squareVersion: seen.version, type: seen.type, state: seen.state, carrier: seen.carrier, trackingNumber: seen.trackingNumber },
      caller,
    );
    return 'synced';
  }

  /** Square's verdict on the step, for good: recorded, so the admin shows it and the step is not asked again. */
  private async refused(order: OpenOrder, target: string, refusal: { code: string; message: string }, caller: RequestContext): Promise<'refused'> {
    // Only a step owes Square a state, so the order is at one.
    const step = order.fulfillmentStatus as FulfillmentStep;
    await this.orders.run(order.opened.orderId, { kind: 'RecordSquareFulfillmentRefusal', step, ...refusal }, caller);
    this.logger.warn(`Square refused to move order ${orderName(order)}'s fulfillment to ${target}: ${refusal.code} (${refusal.message})`);
    return 'refused';
  }
}
