import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { orderStream, type OrderRefunded } from './order.events';
import { OrderEmails } from './order-emails';
import { refundEmail } from './refund.email';

/** On `OrderRefunded`, the worker emails the shopper about that refund, once. */
@Injectable()
export class RefundEmailJob {
  constructor(private readonly emails: OrderEmails) {}

  @OnEvent<OrderRefunded>('OrderRefunded', { queue: 'email', job: 'refund-email' })
  onRefunded(event: RecordedEvent<OrderRefunded>, caller: RequestContext) {
    return this.send(orderStream.idOf(event.streamId), event.data.refundId, caller);
  }

  /** Checks the order stream first: a retried or repeated job finds the email recorded and sends nothing. */
  async send(orderId: string, refundId: string, caller: RequestContext): Promise<'sent' | 'already-sent' | 'not-refunded'> {
    return this.emails.sendOnce<'already-sent' | 'not-refunded'>(
      orderId,
      (order) => {
        const refund = order.exists ? order.refunds[refundId] : undefined;
        if (!order.exists || refund?.status !== 'refunded') return 'not-refunded';
        if (refund.emailSent) return 'already-sent';
        return {
          order,
          what: 'refund email',
          compose: (terms, context) => refundEmail(terms, refund.terms, context),
          recorded: (messageId) => ({ kind: 'RecordRefundEmailSent', refundId, messageId }),
        };
      },
      caller,
    );
  }
}
