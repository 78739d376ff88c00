import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Mail } from '../mail';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { JobHandlers } from '../platform/jobs/job-handlers';
import { OutboxRoutes } from '../platform/outbox/outbox-routes';
import { orderName, paidTerms } from './order.state';
import { Orders } from './orders';
import { orderStream } from './order.events';
import { orderConfirmationEmail } from './order-confirmation.email';
import { OrderEmailContexts } from './order-email-context';

export const ORDER_CONFIRMATION_JOB = 'order-confirmation';

/** On `OrderPlaced`, the worker emails the shopper their confirmation, once. */
@Injectable()
export class OrderConfirmationJob implements OnModuleInit {
  private readonly logger = new Logger('OrderConfirmation');

  constructor(
    private readonly routes: OutboxRoutes,
    private readonly handlers: JobHandlers,
    private readonly orders: Orders,
    private readonly mail: Mail,
    private readonly contexts: OrderEmailContexts,
  ) {}

  onModuleInit(): void {
    this.routes.route('OrderPlaced', { queue: 'email', jobName: ORDER_CONFIRMATION_JOB });
    this.handlers.handle('email', ORDER_CONFIRMATION_JOB, (event, _job, caller) => this.send(orderStream.idOf((event as RecordedEvent).streamId), caller));
  }

  /** Checks the order stream first: a retried or repeated job finds the email already recorded and sends nothing. */
  async send(orderId: string, caller: RequestContext): Promise<'sent' | 'already-sent' | 'not-placed'> {
    const order = await this.orders.load(orderId);
    if (!order.exists || order.status !== 'placed') return 'not-placed';
    if (order.confirmationSent) return 'already-sent';
    const { messageId } = await this.mail.send(await orderConfirmationEmail(paidTerms(order), await this.contexts.of(order.opened)));
    await this.orders.run(orderId, { kind: 'RecordConfirmationSent', messageId }, caller);
    this.logger.log(`Order ${orderName(order)}: confirmation sent to the shopper`);
    return 'sent';
  }
}
