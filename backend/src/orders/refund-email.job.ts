import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Mail } from '../mail';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { JobHandlers } from '../platform/jobs/job-handlers';
import { OutboxRoutes } from '../platform/outbox/outbox-routes';
import { orderName, paidTerms } from './order.state';
import { Orders } from './orders';
import { orderStream, type OrderRefunded } from './order.events';
import { OrderEmailContexts } from './order-email-context';
import { refundEmail } from './refund.email';

export const REFUND_EMAIL_JOB = 'refund-email';

/** On `OrderRefunded`, the worker emails the shopper about that refund, once. */
@Injectable()
export class RefundEmailJob implements OnModuleInit {
  private readonly logger = new Logger('RefundEmail');

  constructor(
    private readonly routes: OutboxRoutes,
    private readonly handlers: JobHandlers,
    private readonly orders: Orders,
    private readonly mail: Mail,
    private readonly contexts: OrderEmailContexts,
  ) {}

  onModuleInit(): void {
    this.routes.route('OrderRefunded', { queue: 'email', jobName: REFUND_EMAIL_JOB });
    this.handlers.handle('email', REFUND_EMAIL_JOB, (event, _job, caller) => {
      const refunded = event as RecordedEvent<OrderRefunded>;
      return this.send(orderStream.idOf(refunded.streamId), refunded.data.refundId, caller);
    });
  }

  /** Checks the order stream first: a retried or repeated job finds the email recorded and sends nothing. */
  async send(orderId: string, refundId: string, caller: RequestContext): Promise<'sent' | 'already-sent' | 'not-refunded'> {
    const order = await this.orders.load(orderId);
    const refund = order.exists ? order.refunds[refundId] : undefined;
    if (!order.exists || refund?.status !== 'refunded') return 'not-refunded';
    if (refund.emailSent) return 'already-sent';
    const { messageId } = await this.mail.send(await refundEmail(paidTerms(order), refund.terms, await this.contexts.of(order.opened)));
    await this.orders.run(orderId, { kind: 'RecordRefundEmailSent', refundId, messageId }, caller);
    this.logger.log(`Order ${orderName(order)}: refund email sent to the shopper`);
    return 'sent';
  }
}
