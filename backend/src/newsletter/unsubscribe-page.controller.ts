import { Body, Controller, Get, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Caller } from '../platform/context/correlation';
import { OnlyFromThisMachineWhile } from '../stand-ins';
import type { RequestContext } from '../platform/context/request-context';
import { NewsletterService } from './newsletter.service';
import { alreadyUnsubscribedPage, confirmUnsubscribePage, invalidLinkPage, unsubscribedPage } from './unsubscribe.page';
import { UnsubscribeLinks } from './unsubscribe-link';
import { LinkFormDocs, LinkPageDocs, postedToken, sendLinkPage } from '../platform/web/link-page';

/**
 * The unsubscribe link from a newsletter email. Opening it only asks (mail scanners follow links);
 * the change happens on the page's button, a POST with the same signed token.
 */
@Controller('newsletter/unsubscribe')
// Links signed with the development secret could be forged by anyone: only this machine may use them.
@UseGuards(OnlyFromThisMachineWhile('linkSecret'))
export class UnsubscribePageController {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly links: UnsubscribeLinks,
  ) {}

  @Get()
  @LinkPageDocs()
  async confirm(@Query('token') token: unknown, @Res() reply: FastifyReply): Promise<void> {
    const subscriber = await this.subscriberOf(token);
    if (!subscriber) return sendLinkPage(reply, 400, invalidLinkPage());
    const html = subscriber.subscribed ? confirmUnsubscribePage(subscriber.email, String(token)) : alreadyUnsubscribedPage(subscriber.email);
    sendLinkPage(reply, 200, html);
  }

  @Post()
  @LinkFormDocs()
  async unsubscribe(@Body() body: unknown, @Res() reply: FastifyReply, @Caller() caller: RequestContext): Promise<void> {
    const token = postedToken(body);
    const subscriber = await this.subscriberOf(token);
    if (!subscriber) return sendLinkPage(reply, 400, invalidLinkPage());
    await this.newsletter.unsubscribe(subscriber.subscriberId, caller);
    sendLinkPage(reply, 200, unsubscribedPage(subscriber.email));
  }

  private async subscriberOf(token: unknown) {
    const subscriberId = typeof token === 'string' && token.length <= 200 ? this.links.subscriberOf(token) : undefined;
    if (!subscriberId) return undefined;
    const subscriber = await this.newsletter.load(subscriberId);
    return subscriber.exists ? subscriber : undefined;
  }
}
