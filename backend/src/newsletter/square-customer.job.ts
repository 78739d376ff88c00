import { Injectable, Logger } from '@nestjs/common';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { SquareCustomers } from '../square';
import { NewsletterService } from './newsletter.service';
import { subscriberStream, type SubscriberJoined } from './subscriber.events';

/**
 * On `SubscriberJoined`, the worker puts the subscriber into Square's customer directory and records
 * `SubscriberLinkedToSquare`. Once per subscriber: the stream is checked first; Square is searched by
 * email before creating (a run that created the customer but died before recording finds it); and
 * the create carries an idempotency key of the subscriber, so two runs at once make one customer.
 * Square's errors are thrown, so BullMQ retries the job with backoff.
 */
@Injectable()
export class SquareCustomerJob {
  private readonly logger = new Logger('NewsletterSquare');

  constructor(
    private readonly newsletter: NewsletterService,
    private readonly customers: SquareCustomers,
  ) {}

  @OnEvent<SubscriberJoined>('SubscriberJoined', { queue: 'square', job: 'newsletter-square-customer' })
  onJoined(event: RecordedEvent<SubscriberJoined>, caller: RequestContext) {
    return this.link(subscriberStream.idOf(event.streamId), caller);
  }

  async link(subscriberId: string, caller: RequestContext): Promise<'linked' | 'already-linked' | 'not-subscribed'> {
    const subscriber = await this.newsletter.load(subscriberId);
    if (!subscriber.exists || !subscriber.subscribed) return 'not-subscribed';
    if (subscriber.squareCustomerId) return 'already-linked';
    const squareCustomerId = await this.customers.forEmail({
      email: subscriber.email,
      name: subscriber.name,
      referenceId: `newsletter-${subscriberId}`,
      note: 'Newsletter subscriber',
    });
    await this.newsletter.run(subscriberId, { kind: 'LinkToSquare', squareCustomerId }, caller);
    this.logger.log(`Subscriber ${subscriberId} linked to Square customer ${squareCustomerId}`);
    return 'linked';
  }
}
