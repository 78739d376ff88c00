import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { fulfilmentEmail } from './fulfilment.email';
import { orderStream, type FulfilmentStep, type OrderPickedUp, type OrderReadyForPickup, type OrderShipped } from './order.events';
import { OrderEmails } from './order-emails';
import { OrderRefunds } from './order-refunds';

type FulfilmentEvent = OrderReadyForPickup | OrderShipped | OrderPickedUp;

/** The step each fulfilment event records. */
const STEP_OF: Record<FulfilmentEvent['type'], FulfilmentStep> = {
  OrderReadyForPickup: 'ready-for-pickup',
  OrderShipped: 'shipped',
  OrderPickedUp: 'picked-up',
};

/** On each fulfilment step, the worker emails the shopper about it, once per step. */
@Injectable()
export class FulfilmentEmailJob {
  constructor(
    private readonly orders: OrderRefunds,
    private readonly emails: OrderEmails,
  ) {}

  @OnEvent<FulfilmentEvent>(['OrderReadyForPickup', 'OrderShipped', 'OrderPickedUp'], { queue: 'email', job: 'fulfilment-email' })
  onStep(event: RecordedEvent<FulfilmentEvent>, caller: RequestContext) {
    return this.send(orderStream.idOf(event.streamId), STEP_OF[event.type], caller);
  }

  /** Checks the order stream first: a retried or repeated job finds the step's email recorded and sends nothing. */
  async send(orderId: string, step: FulfilmentStep, caller: RequestContext): Promise<'sent' | 'already-sent' | 'not-recorded'> {
    const order = await this.orders.load(orderId);
    const record = order.exists ? order.steps[step] : undefined;
    if (!order.exists || !record) return 'not-recorded';
    if (record.emailSent) return 'already-sent';
    const news = { step, note: record.note, carrier: record.carrier, trackingNumber: record.trackingNumber, trackingUrl: record.trackingUrl };
    return this.emails.send(order, `${step} email`, (terms, context) => fulfilmentEmail(terms, news, context), (messageId) => ({ kind: 'RecordFulfilmentEmailSent', step, messageId }), caller);
  }
}
