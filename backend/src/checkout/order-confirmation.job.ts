import { Injectable, Logger } from '@nestjs/common';
import { Mail } from '../mail';
import type { RequestContext } from '../platform/context/request-context';
import { CommandRunner } from '../platform/event-store/command-runner';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { CheckoutProcess } from './checkout-process';
import { orderDecider, orderName, paidTerms } from './order.decider';
import { orderStream, type OrderPlaced } from './order.events';
import { orderConfirmationEmail } from './order-confirmation.email';
import { OrderEmailContexts } from './order-email-context';

export const ORDER_CONFIRMATION_JOB = 'order-confirmation';

/** On `OrderPlaced`, the worker emails the shopper their confirmation, once. */
@Injectable()
export class OrderConfirmationJob {
  private readonly logger = new Logger('OrderConfirmation');

  constructor(
    private readonly process: CheckoutProcess,
    private readonly runner: CommandRunner,
    private readonly mail: Mail,
    private readonly contexts: OrderEmailContexts,
  ) {}

  @OnEvent<OrderPlaced>('OrderPlaced', { queue: 'email', job: ORDER_CONFIRMATION_JOB })
  onPlaced(event: RecordedEvent<OrderPlaced>, caller: RequestContext) {
    return this.send(orderStream.idOf(event.streamId), caller);
  }

  /** Checks the order stream first: a retried or repeated job finds the email already recorded and sends nothing. */
  async send(orderId: string, caller: RequestContext): Promise<'sent' | 'already-sent' | 'not-placed'> {
    const order = await this.process.load(orderId);
    if (!order.exists || order.status !== 'placed') return 'not-placed';
    if (order.confirmationSent) return 'already-sent';
    const { messageId } = await this.mail.send(await orderConfirmationEmail(paidTerms(order), await this.contexts.of(order.opened)));
    await this.runner.run(orderDecider, orderStream(orderId), { kind: 'RecordConfirmationSent', messageId }, caller);
    this.logger.log(`Order ${orderName(order)}: confirmation sent to the shopper`);
    return 'sent';
  }
}
