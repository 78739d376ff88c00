import { Injectable, Logger } from '@nestjs/common';
import { Mail } from '../mail';
import type { RequestContext } from '../platform/context/request-context';
import { CommandRunner } from '../platform/event-store/command-runner';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { fulfilmentEmail } from './fulfilment.email';
import { orderDecider, orderName, paidTerms } from './order.decider';
import { orderStream, type FulfilmentStep, type OrderPickedUp, type OrderReadyForPickup, type OrderShipped } from './order.events';
import { OrderEmailContexts } from './order-email-context';
import { OrderRefunds } from './order-refunds';

export const FULFILMENT_EMAIL_JOB = 'fulfilment-email';

type FulfilmentEvent = OrderReadyForPickup | OrderShipped | OrderPickedUp;

/** The step each fulfilment event records. */
const STEP_OF: Record<FulfilmentEvent['type'], FulfilmentStep> = {
  OrderReadyForPickup: 'ready-for-pickup',
  OrderShipped: 'shipped',
  OrderPickedUp: 'picked-up',
};

/** On each fulfilment step, the worker emails the shopper about it, once per step. */
@Injectable()
export class FulfilmentEmailJob {
  private readonly logger = new Logger('FulfilmentEmail');

  constructor(
    private readonly orders: OrderRefunds,
    private readonly runner: CommandRunner,
    private readonly mail: Mail,
    private readonly contexts: OrderEmailContexts,
  ) {}

  @OnEvent<FulfilmentEvent>(['OrderReadyForPickup', 'OrderShipped', 'OrderPickedUp'], { queue: 'email', job: FULFILMENT_EMAIL_JOB })
  onStep(event: RecordedEvent<FulfilmentEvent>, caller: RequestContext) {
    return this.send(orderStream.idOf(event.streamId), STEP_OF[event.type], caller);
  }

  /** Checks the order stream first: a retried or repeated job finds the step's email recorded and sends nothing. */
  async send(orderId: string, step: FulfilmentStep, caller: RequestContext): Promise<'sent' | 'already-sent' | 'not-recorded'> {
    const order = await this.orders.load(orderId);
    const record = order.exists ? order.steps[step] : undefined;
    if (!order.exists || !record) return 'not-recorded';
    if (record.emailSent) return 'already-sent';
    const news = { step, note: record.note, carrier: record.carrier, trackingNumber: record.trackingNumber, trackingUrl: record.trackingUrl };
    const { messageId } = await this.mail.send(await fulfilmentEmail(paidTerms(order), news, await this.contexts.of(order.opened)));
    await this.runner.run(orderDecider, orderStream(orderId), { kind: 'RecordFulfilmentEmailSent', step, messageId }, caller);
    this.logger.log(`Order ${orderName(order)}: ${step} email sent to the shopper`);
    return 'sent';
  }
}
