import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { LocalEventsReader } from '../local-events';
import { Mail } from '../mail';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { JobHandlers } from '../platform/jobs/job-handlers';
import { OutboxRoutes } from '../platform/outbox/outbox-routes';
import { NewsletterService } from './newsletter.service';
import { subscriberStream } from './subscriber.events';
import { UnsubscribeLinks } from './unsubscribe-link';
import { welcomeEmail } from './welcome.email';

export const WELCOME_EMAIL_JOB = 'newsletter-welcome';
/** How many coming markets the welcome email lists. */
const WELCOME_EVENTS = 3;

/** On `SubscriberJoined`, the worker sends the welcome email with the discount code, once per subscriber. */
@Injectable()
export class WelcomeEmailJob implements OnModuleInit {
  private readonly logger = new Logger('NewsletterWelcome');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly routes: OutboxRoutes,
    private readonly handlers: JobHandlers,
    private readonly newsletter: NewsletterService,
    private readonly links: UnsubscribeLinks,
    private readonly mail: Mail,
    private readonly localEvents: LocalEventsReader,
  ) {}

  onModuleInit(): void {
    this.routes.route('SubscriberJoined', { queue: 'email', jobName: WELCOME_EMAIL_JOB });
    this.handlers.handle('email', WELCOME_EMAIL_JOB, (event, _job, caller) =>
      this.send(subscriberStream.idOf((event as RecordedEvent).streamId), caller),
    );
  }

  /** Checks the stream first: a retried job, or a rejoin, finds the welcome already recorded and sends nothing. */
  async send(subscriberId: string, caller: RequestContext): Promise<'sent' | 'already-sent' | 'not-subscribed'> {
    const subscriber = await this.newsletter.load(subscriberId);
    if (!subscriber.exists || !subscriber.subscribed) return 'not-subscribed';
    if (subscriber.welcomeSent) return 'already-sent';
    const shop = { publicUrl: this.config.publicUrl, contactEmail: this.config.CONTACT_EMAIL ?? null };
    const nextEvents = await this.localEvents.upcoming(WELCOME_EVENTS);
    const { messageId } = await this.mail.send(await welcomeEmail(subscriber, this.links.urlFor(subscriberId), shop, nextEvents));
    await this.newsletter.run(subscriberId, { kind: 'RecordWelcomeSent', messageId }, caller);
    this.logger.log(`Welcome email sent to subscriber ${subscriberId}`);
    return 'sent';
  }
}
