import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { orderStream, type OrderPlaced } from './order.events';
import { orderConfirmationEmail } from './order-confirmation.email';
import { OrderEmails } from './order-emails';

/** On `OrderPlaced`, the worker emails the shopper their confirmation, once. */
@Injectable()
export class OrderConfirmationJob {
  constructor(private readonly emails: OrderEmails) {}

  @OnEvent<OrderPlaced>('OrderPlaced', { queue: 'email', job: 'order-confirmation' })
  onPlaced(event: RecordedEvent<OrderPlaced>, caller: RequestContext) {
    return this.send(orderStream.idOf(event.streamId), caller);
  }

  /** Checks the order stream first: a retried or repeated job finds the email already recorded and sends nothing. */
  async send(orderId: string, caller: RequestContext): Promise<'sent' | 'already-sent' | 'not-placed'> {
    return this.emails.sendOnce<'already-sent' | 'not-placed'>(
      orderId,
      (order) => {
        if (!order.exists || order.status !== 'placed') return 'not-placed';
        if (order.confirmationSent) return 'already-sent';
        return { order, what: 'confirmation', compose: orderConfirmationEmail, recorded: (messageId) => ({ kind: 'RecordConfirmationSent', messageId }) };
      },
      caller,
    );
  }
}
