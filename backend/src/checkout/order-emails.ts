import { Injectable, Logger } from '@nestjs/common';
import { Mail, type OutgoingMail } from '../mail';
import type { RequestContext } from '../platform/context/request-context';
import { CommandRunner } from '../platform/event-store/command-runner';
import { orderDecider, orderName, paidTerms, type OrderCommand, type OrderState } from './order.decider';
import { orderStream, type PaidOrderTerms } from './order.events';
import { OrderEmailContexts, type OrderEmailContext } from './order-email-context';

/**
 * The second half of every order email job: the job has loaded the order and found the email not
 * sent yet; this writes it (with the order's terms and its email context), sends it and records
 * it on the order stream, so a retried or repeated job finds it recorded and sends nothing.
 */
@Injectable()
export class OrderEmails {
  private readonly logger = new Logger('OrderEmails');

  constructor(
    private readonly runner: CommandRunner,
    private readonly mail: Mail,
    private readonly contexts: OrderEmailContexts,
  ) {}

  /** `what` names the email in the log ("confirmation", "refund email"). */
  async send(
    order: Extract<OrderState, { exists: true }>,
    what: string,
    compose: (terms: PaidOrderTerms, context: OrderEmailContext) => Promise<OutgoingMail>,
    recorded: (messageId: string) => OrderCommand,
    caller: RequestContext,
  ): Promise<'sent'> {
    const mail = await compose(paidTerms(order), await this.contexts.of(order.opened));
    const { messageId } = await this.mail.send(mail);
    await this.runner.run(orderDecider, orderStream(order.opened.orderId), recorded(messageId), caller);
    this.logger.log(`Order ${orderName(order)}: ${what} sent to the shopper`);
    return 'sent';
  }
}
