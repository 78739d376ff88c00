import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Mail } from '../mail';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { JobHandlers } from '../platform/jobs/job-handlers';
import { OutboxRoutes } from '../platform/outbox/outbox-routes';
import { NewsletterService } from './newsletter.service';
import { subscriberStream, UnsubscribeLinkRequested } from './subscriber.events';
import { UnsubscribeLinks } from './unsubscribe-link';
import { unsubscribeLinkEmail } from './unsubscribe-link.email';

export const UNSUBSCRIBE_LINK_EMAIL_JOB = 'newsletter-unsubscribe-link';

/**
 * On `UnsubscribeLinkRequested`, the worker emails the subscriber their signed unsubscribe link.
 * The job's id is the event's, so it runs once; a crash after the send sends it again under the same Message-ID.
 */
@Injectable()
export class UnsubscribeLinkEmailJob implements OnModuleInit {
  private readonly logger = new Logger('NewsletterUnsubscribeLink');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly routes: OutboxRoutes,
    private readonly handlers: JobHandlers,
    private readonly newsletter: NewsletterService,
    private readonly links: UnsubscribeLinks,
    private readonly mail: Mail,
  ) {}

  onModuleInit(): void {
    this.routes.route('UnsubscribeLinkRequested', { queue: 'email', jobName: UNSUBSCRIBE_LINK_EMAIL_JOB });
    this.handlers.handle('email', UNSUBSCRIBE_LINK_EMAIL_JOB, (event) => {
      const e = event as RecordedEvent<UnsubscribeLinkRequested>;
      return this.send(subscriberStream.idOf(e.streamId), e.data.requestId);
    });
  }

  /** Nothing for an address that left meanwhile: the link would have nothing to do. */
  async send(subscriberId: string, requestId: string): Promise<'sent' | 'not-subscribed'> {
    const subscriber = await this.newsletter.load(subscriberId);
    if (!subscriber.exists || !subscriber.subscribed) return 'not-subscribed';
    const shop = { publicUrl: this.config.publicUrl, contactEmail: this.config.CONTACT_EMAIL ?? null };
    await this.mail.send(await unsubscribeLinkEmail(subscriber, requestId, this.links.urlFor(subscriberId), shop));
    this.logger.log(`Unsubscribe link emailed to subscriber ${subscriberId}`);
    return 'sent';
  }
}
