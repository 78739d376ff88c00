import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Mail } from '../mail';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { JobHandlers } from '../platform/jobs/job-handlers';
import { OutboxRoutes } from '../platform/outbox/outbox-routes';
import { fulfillmentEmail } from './fulfillment.email';
import { orderName, paidTerms } from './order.state';
import { Orders } from './orders';
import { orderStream, type FulfillmentStep, type OrderEvent } from './order.events';
import { OrderEmailContexts } from './order-email-context';

export const FULFILLMENT_EMAIL_JOB = 'fulfilment-email';

/** The step each fulfilment event records. */
const STEP_OF: Partial<Record<OrderEvent['type'], FulfillmentStep>> = {
  OrderReadyForPickup: 'ready-for-pickup',
  OrderShipped: 'shipped',
  OrderPickedUp: 'picked-up',
};

/** On each fulfilment step, the worker emails the shopper about it, once per step. */
@Injectable()
export class FulfillmentEmailJob implements OnModuleInit {
  private readonly logger = new Logger('FulfilmentEmail');

  constructor(
    private readonly routes: OutboxRoutes,
    private readonly handlers: JobHandlers,
    private readonly orders: Orders,
    private readonly mail: Mail,
    private readonly contexts: OrderEmailContexts,
  ) {}

  onModuleInit(): void {
    for (const type of Object.keys(STEP_OF)) this.routes.route(type, { queue: 'email', jobName: FULFILLMENT_EMAIL_JOB });
    this.handlers.handle('email', FULFILLMENT_EMAIL_JOB, (event, _job, caller) => {
      const recorded = event as RecordedEvent<OrderEvent>;
      const step = STEP_OF[recorded.type];
      return step ? this.send(orderStream.idOf(recorded.streamId), step, caller) : Promise.resolve('not-recorded' as const);
    });
  }

  /** Checks the order stream first: a retried or repeated job finds the step's email recorded and sends nothing. */
  async send(orderId: string, step: FulfillmentStep, caller: RequestContext): Promise<'sent' | 'already-sent' | 'not-recorded'> {
    const order = await this.orders.load(orderId);
    const record = order.exists ? order.steps[step] : undefined;
    if (!order.exists || !record) return 'not-recorded';
    if (record.emailSent) return 'already-sent';
    const news = { step, note: record.note, carrier: record.carrier, trackingNumber: record.trackingNumber, trackingUrl: record.trackingUrl };
    const { messageId } = await this.mail.send(await fulfillmentEmail(paidTerms(order), news, await this.contexts.of(order.opened)));
    await this.orders.run(orderId, { kind: 'RecordFulfillmentEmailSent', step, messageId }, caller);
    this.logger.log(`Order ${orderName(order)}: ${step} email sent to the shopper`);
    return 'sent';
  }
}
