import { Injectable, Logger } from '@nestjs/common';
import { Mail, type OutgoingMail } from '../mail';
import type { RequestContext } from '../platform/context/request-context';
import type { OrderCommand } from './order.decider';
import type { PaidOrderTerms } from './order.events';
import { orderName, paidTerms, type OpenOrder, type OrderState } from './order.state';
import { OrderEmailContexts, type OrderEmailContext } from './order-email-context';
import { Orders } from './orders';

/** The email an order email job finds due on the order it loaded. */
export interface DueOrderEmail {
  order: OpenOrder;
  /** Names the email in the log ("confirmation", "refund email"). */
  what: string;
  compose: (terms: PaidOrderTerms, context: OrderEmailContext) => Promise<OutgoingMail>;
  /** The command that records it sent on the order stream. */
  recorded: (messageId: string) => OrderCommand;
}

/**
 * What every order email job does: load the order and ask the job whether its email is due (or why
 * not: not there yet, already sent); then write it (with the order's terms and its email context),
 * send it and record it on the order stream, so a retried or repeated job finds it recorded and
 * sends nothing.
 */
@Injectable()
export class OrderEmails {
  private readonly logger = new Logger('OrderEmails');

  constructor(
    private readonly orders: Orders,
    private readonly mail: Mail,
    private readonly contexts: OrderEmailContexts,
  ) {}

  async sendOnce<Reason extends string>(orderId: string, due: (order: OrderState) => DueOrderEmail | Reason, caller: RequestContext): Promise<'sent' | Reason> {
    const email = due(await this.orders.load(orderId));
    if (typeof email === 'string') return email;
    const { order, what, compose, recorded } = email;
    const mail = await compose(paidTerms(order), await this.contexts.of(order.opened));
    const { messageId } = await this.mail.send(mail);
    await this.orders.run(order.opened.orderId, recorded(messageId), caller);
    this.logger.log(`Order ${orderName(order)}: ${what} sent to the shopper`);
    return 'sent';
  }
}
