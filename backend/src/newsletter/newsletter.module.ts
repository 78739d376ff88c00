import { Module, OnModuleInit } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { LocalEventsModule } from '../local-events';
import { ProjectionRegistry } from '../platform/projections/projection.registry';
import { AdminSubscribersController } from './admin-subscribers.controller';
import { NewsletterController } from './newsletter.controller';
import { NewsletterService } from './newsletter.service';
import { SquareCustomerJob } from './square-customer.job';
import { subscriberProjection } from './subscriber.projection';
import { SubscriberReader } from './subscriber.reader';
import { SubscriberViewSchema } from './subscriber.view';
import { UnsubscribePageController } from './unsubscribe-page.controller';
import { UnsubscribeLinks } from './unsubscribe-link';
import { UnsubscribeLinkEmailJob } from './unsubscribe-link-email.job';
import { WelcomeEmailJob } from './welcome-email.job';

/** The newsletter: subscribers, the welcome email with the first-order code, and the Square customer link. */
@Module({
  imports: [MikroOrmModule.forFeature([SubscriberViewSchema]), LocalEventsModule],
  controllers: [NewsletterController, UnsubscribePageController, AdminSubscribersController],
  providers: [NewsletterService, SubscriberReader, UnsubscribeLinks, WelcomeEmailJob, UnsubscribeLinkEmailJob, SquareCustomerJob],
  exports: [SubscriberReader, UnsubscribeLinks, WelcomeEmailJob, SquareCustomerJob],
})
export class NewsletterModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(subscriberProjection);
  }
}
