import { Injectable, Logger } from '@nestjs/common';
import { Mail } from '../mail';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { NewsletterService } from './newsletter.service';
import { subscriberStream, type UnsubscribeLinkRequested } from './subscriber.events';
import { UnsubscribeLinks } from './unsubscribe-link';
import { unsubscribeLinkEmail } from './unsubscribe-link.email';

/**
 * On `UnsubscribeLinkRequested`, the worker emails the subscriber their signed unsubscribe link.
 * The job's id is the event's, so it runs once; a crash after the send sends it again under the same Message-ID.
 */
@Injectable()
export class UnsubscribeLinkEmailJob {
  private readonly logger = new Logger('NewsletterUnsubscribeLink');

  constructor(
    private readonly newsletter: NewsletterService,
    private readonly links: UnsubscribeLinks,
    private readonly mail: Mail,
  ) {}

  @OnEvent<UnsubscribeLinkRequested>('UnsubscribeLinkRequested', { queue: 'email', job: 'newsletter-unsubscribe-link' })
  async onRequested(event: RecordedEvent<UnsubscribeLinkRequested>) {
    return this.send(subscriberStream.idOf(event.streamId), event.data.requestId);
  }

  /** Nothing for an address that left meanwhile: the link would have nothing to do. */
  async send(subscriberId: string, requestId: string): Promise<'sent' | 'not-subscribed'> {
    const subscriber = await this.newsletter.load(subscriberId);
    if (!subscriber.exists || !subscriber.subscribed) return 'not-subscribed';
    await this.mail.send(await unsubscribeLinkEmail(subscriber, requestId, this.links.urlFor(subscriberId), this.mail.shop));
    this.logger.log(`Unsubscribe link emailed to subscriber ${subscriberId}`);
    return 'sent';
  }
}
