import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import type { AppConfig } from '../platform/config/app-config';
import { invalid } from '../platform/errors/domain-error';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { RateLimitGuard } from '../platform/web/rate-limit';
import { NewsletterService } from './newsletter.service';
import { subscribeBody, unsubscribeBody } from './newsletter.schemas';
import { UnsubscribeLinks } from './unsubscribe-link';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { Done, doneSchema } from '../platform/api-docs/common-answers';

const newsletterLimit = (c: AppConfig) => ({ max: c.NEWSLETTER_RATE_LIMIT_MAX, windowSeconds: c.NEWSLETTER_RATE_LIMIT_WINDOW_SECONDS });

@Controller('api/newsletter')
export class NewsletterController {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly links: UnsubscribeLinks,
  ) {}

  /** The same answer whether the email is new or already on the list: the list is nobody's to probe. */
  @Post('subscribe')
  @HttpCode(200)
  @UseGuards(RateLimitGuard('newsletter-subscribe', newsletterLimit))
  @ApiAnswers({ 200: doneSchema })
  async subscribe(@Body(new ZodPipe(subscribeBody)) body: z.infer<typeof subscribeBody>, @Caller() caller: RequestContext): Promise<Done> {
    await this.newsletter.subscribe(body.email, body.name, caller);
    return { success: true, message: 'Welcome to the Dark Circle!' };
  }

  /**
   * With the signed token from an email's link: unsubscribed. With an address alone, which anyone
   * can type: the subscriber is emailed their unsubscribe link instead, and the answer is the same
   * whether the address is on the list or not.
   */
  @Post('unsubscribe')
  @HttpCode(200)
  @UseGuards(RateLimitGuard('newsletter-unsubscribe', newsletterLimit))
  @ApiAnswers({ 200: doneSchema })
  async unsubscribe(@Body(new ZodPipe(unsubscribeBody)) body: z.infer<typeof unsubscribeBody>, @Caller() caller: RequestContext): Promise<Done> {
    if ('token' in body) {
      const subscriberId = this.links.subscriberOf(body.token);
      if (!subscriberId) throw invalid('This unsubscribe link is not valid.', 'VALIDATION_FAILED');
      await this.newsletter.unsubscribe(subscriberId, caller);
      return { success: true, message: 'You have been unsubscribed.' };
    }
    await this.newsletter.requestUnsubscribeLink(body.email, caller);
    return { success: true, message: 'If this address is on our list, we have emailed it a link to unsubscribe.' };
  }
}
