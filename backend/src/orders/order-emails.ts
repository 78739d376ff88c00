import { Injectable, Logger } from '@nestjs/common';
import { Mail, type OutgoingMail } from '../mail';
import type { RequestContext } from '../platform/context/request-context';
import type { OrderCommand } from './order.decider';
import type { PaidOrderTerms } from './order.events';
import { orderName, paidTerms, type OpenOrder } from './order.state';
import { OrderEmailContexts, type OrderEmailContext } from './order-email-context';
import { Orders } from './orders';

/**
 * The second half of every order email job: the job has loaded the order and found the email not
 * sent yet; this writes it (with the order's terms and its email context), sends it and records
 * it on the order stream, so a retried or repeated job finds it recorded and sends nothing.
 */
@Injectable()
export class OrderEmails {
  private readonly logger = new Logger('OrderEmails');

  constructor(
    private readonly orders: Orders,
    private readonly mail: Mail,
    private readonly contexts: OrderEmailContexts,
  ) {}

  /** `what` names the email in the log ("confirmation", "refund email"). */
  async send(
    order: OpenOrder,
    what: string,
    compose: (terms: PaidOrderTerms, context: OrderEmailContext) => Promise<OutgoingMail>,
    recorded: (messageId: string) => OrderCommand,
    caller: RequestContext,
  ): Promise<'sent'> {
    const mail = await compose(paidTerms(order), await this.contexts.of(order.opened));
    const { messageId } = await this.mail.send(mail);
    await this.orders.run(order.opened.orderId, recorded(messageId), caller);
    this.logger.log(`Order ${orderName(order)}: ${what} sent to the shopper`);
    return 'sent';
  }
}
