import { Injectable, Logger } from '@nestjs/common';
import { Mail } from '../mail';
import type { RequestContext } from '../platform/context/request-context';
import { CommandRunner } from '../platform/event-store/command-runner';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { orderDecider, orderName, paidTerms } from './order.decider';
import { orderStream, type OrderRefunded } from './order.events';
import { OrderEmailContexts } from './order-email-context';
import { OrderRefunds } from './order-refunds';
import { refundEmail } from './refund.email';

export const REFUND_EMAIL_JOB = 'refund-email';

/** On `OrderRefunded`, the worker emails the shopper about that refund, once. */
@Injectable()
export class RefundEmailJob {
  private readonly logger = new Logger('RefundEmail');

  constructor(
    private readonly refunds: OrderRefunds,
    private readonly runner: CommandRunner,
    private readonly mail: Mail,
    private readonly contexts: OrderEmailContexts,
  ) {}

  @OnEvent<OrderRefunded>('OrderRefunded', { queue: 'email', job: REFUND_EMAIL_JOB })
  onRefunded(event: RecordedEvent<OrderRefunded>, caller: RequestContext) {
    return this.send(orderStream.idOf(event.streamId), event.data.refundId, caller);
  }

  /** Checks the order stream first: a retried or repeated job finds the email recorded and sends nothing. */
  async send(orderId: string, refundId: string, caller: RequestContext): Promise<'sent' | 'already-sent' | 'not-refunded'> {
    const order = await this.refunds.load(orderId);
    const refund = order.exists ? order.refunds[refundId] : undefined;
    if (!order.exists || refund?.status !== 'refunded') return 'not-refunded';
    if (refund.emailSent) return 'already-sent';
    const { messageId } = await this.mail.send(await refundEmail(paidTerms(order), refund.terms, await this.contexts.of(order.opened)));
    await this.runner.run(orderDecider, orderStream(orderId), { kind: 'RecordRefundEmailSent', refundId, messageId }, caller);
    this.logger.log(`Order ${orderName(order)}: refund email sent to the shopper`);
    return 'sent';
  }
}
