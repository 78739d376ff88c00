import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { fulfillmentEmail } from './fulfillment.email';
import { orderStream, type FulfillmentStep, type OrderPickedUp, type OrderReadyForPickup, type OrderShipped } from './order.events';
import { OrderEmails } from './order-emails';

type FulfillmentEvent = OrderReadyForPickup | OrderShipped | OrderPickedUp;

/** The step each fulfillment event records. */
const STEP_OF: Record<FulfillmentEvent['type'], FulfillmentStep> = {
  OrderReadyForPickup: 'ready-for-pickup',
  OrderShipped: 'shipped',
  OrderPickedUp: 'picked-up',
};

/** On each fulfillment step, the worker emails the shopper about it, once per step. */
@Injectable()
export class FulfillmentEmailJob {
  constructor(private readonly emails: OrderEmails) {}

  @OnEvent<FulfillmentEvent>(['OrderReadyForPickup', 'OrderShipped', 'OrderPickedUp'], { queue: 'email', job: 'fulfilment-email' })
  onStep(event: RecordedEvent<FulfillmentEvent>, caller: RequestContext) {
    return this.send(orderStream.idOf(event.streamId), STEP_OF[event.type], caller);
  }

  /** Checks the order stream first: a retried or repeated job finds the step's email recorded and sends nothing. */
  async send(orderId: string, step: FulfillmentStep, caller: RequestContext): Promise<'sent' | 'already-sent' | 'not-recorded'> {
    return this.emails.sendOnce<'already-sent' | 'not-recorded'>(
      orderId,
      (order) => {
        const record = order.exists ? order.steps[step] : undefined;
        if (!order.exists || !record) return 'not-recorded';
        if (record.emailSent) return 'already-sent';
        const news = { step, note: record.note, carrier: record.carrier, trackingNumber: record.trackingNumber, trackingUrl: record.trackingUrl };
        return {
          order,
          what: `${step} email`,
          compose: (terms, context) => fulfillmentEmail(terms, news, context),
          recorded: (messageId) => ({ kind: 'RecordFulfillmentEmailSent', step, messageId }),
        };
      },
      caller,
    );
  }
}
