import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { SquareClient } from 'square';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { JobHandlers } from '../platform/jobs/job-handlers';
import { OutboxRoutes } from '../platform/outbox/outbox-routes';
import { NewsletterService } from './newsletter.service';
import { subscriberStream } from './subscriber.events';

export const SQUARE_CUSTOMER_JOB = 'newsletter-square-customer';

/**
 * On `SubscriberJoined`, the worker puts the subscriber into Square's customer directory and records
 * `SubscriberLinkedToSquare`. Once per subscriber: the stream is checked first; Square is searched by
 * email before creating (a run that created the customer but died before recording finds it); and
 * the create carries an idempotency key of the subscriber, so two runs at once make one customer.
 * Square's errors are thrown, so BullMQ retries the job with backoff.
 */
@Injectable()
export class SquareCustomerJob implements OnModuleInit {
  private readonly logger = new Logger('NewsletterSquare');

  constructor(
    private readonly routes: OutboxRoutes,
    private readonly handlers: JobHandlers,
    private readonly newsletter: NewsletterService,
    private readonly square: SquareClient,
  ) {}

  onModuleInit(): void {
    this.routes.route('SubscriberJoined', { queue: 'square', jobName: SQUARE_CUSTOMER_JOB });
    this.handlers.handle('square', SQUARE_CUSTOMER_JOB, (event, _job, caller) =>
      this.link(subscriberStream.idOf((event as RecordedEvent).streamId), caller),
    );
  }

  async link(subscriberId: string, caller: RequestContext): Promise<'linked' | 'already-linked' | 'not-subscribed'> {
    const subscriber = await this.newsletter.load(subscriberId);
    if (!subscriber.exists || !subscriber.subscribed) return 'not-subscribed';
    if (subscriber.squareCustomerId) return 'already-linked';
    const squareCustomerId = (await this.find(subscriber.email)) ?? (await this.create(subscriberId, subscriber.email, subscriber.name));
    await this.newsletter.run(subscriberId, { kind: 'LinkToSquare', squareCustomerId }, caller);
    this.logger.log(`Subscriber ${subscriberId} linked to Square customer ${squareCustomerId}`);
    return 'linked';
  }

  private async find(email: string): Promise<string | undefined> {
    const { customers } = await this.square.customers.search({ limit: BigInt(1), query: { filter: { emailAddress: { exact: email } } } });
    return customers?.[0]?.id;
  }

  private async create(subscriberId: string, email: string, name: string | null): Promise<string> {
    const { customer } = await this.square.customers.create({
      idempotencyKey: `subscriber-${subscriberId}`,
      emailAddress: email,
      ...(name ? { givenName: name } : {}),
      referenceId: `newsletter-${subscriberId}`,
      note: 'Newsletter subscriber',
    });
    if (!customer?.id) throw new Error('Square created a customer without an id');
    return customer.id;
  }
}
