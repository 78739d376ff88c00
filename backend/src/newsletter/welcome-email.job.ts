import { Injectable, Logger } from '@nestjs/common';
import { LocalEventsReader } from '../local-events';
import { Mail } from '../mail';
import type { RequestContext } from '../platform/context/request-context';
import type { RecordedEvent } from '../platform/event-store/recorded-event';
import { OnEvent } from '../platform/jobs/event-jobs';
import { NewsletterService } from './newsletter.service';
import { subscriberStream, type SubscriberJoined } from './subscriber.events';
import { UnsubscribeLinks } from './unsubscribe-link';
import { welcomeEmail } from './welcome.email';

/** How many coming markets the welcome email lists. */
const WELCOME_EVENTS = 3;

/** On `SubscriberJoined`, the worker sends the welcome email with the discount code, once per subscriber. */
@Injectable()
export class WelcomeEmailJob {
  private readonly logger = new Logger('NewsletterWelcome');

  constructor(
    private readonly newsletter: NewsletterService,
    private readonly links: UnsubscribeLinks,
    private readonly mail: Mail,
    private readonly localEvents: LocalEventsReader,
  ) {}

  @OnEvent<SubscriberJoined>('SubscriberJoined', { queue: 'email', job: 'newsletter-welcome' })
  onJoined(event: RecordedEvent<SubscriberJoined>, caller: RequestContext) {
    return this.send(subscriberStream.idOf(event.streamId), caller);
  }

  /** Checks the stream first: a retried job, or a rejoin, finds the welcome already recorded and sends nothing. */
  async send(subscriberId: string, caller: RequestContext): Promise<'sent' | 'already-sent' | 'not-subscribed'> {
    const subscriber = await this.newsletter.load(subscriberId);
    if (!subscriber.exists || !subscriber.subscribed) return 'not-subscribed';
    if (subscriber.welcomeSent) return 'already-sent';
    const nextEvents = await this.localEvents.upcoming(WELCOME_EVENTS);
    const { messageId } = await this.mail.send(await welcomeEmail(subscriber, this.links.urlFor(subscriberId), this.mail.shop, nextEvents));
    await this.newsletter.run(subscriberId, { kind: 'RecordWelcomeSent', messageId }, caller);
    this.logger.log(`Welcome email sent to subscriber ${subscriberId}`);
    return 'sent';
  }
}
