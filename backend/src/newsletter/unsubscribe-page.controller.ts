import { Body, Controller, Get, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Caller } from '../platform/context/correlation';
import { OnlyFromThisMachineWhile } from '../stand-ins';
import type { RequestContext } from '../platform/context/request-context';
import { NewsletterService } from './newsletter.service';
import { alreadyUnsubscribedPage, confirmUnsubscribePage, invalidLinkPage, unsubscribedPage } from './unsubscribe.page';
import { UnsubscribeLinks } from './unsubscribe-link';
import { ApiBody, ApiConsumes, ApiQuery } from '@nestjs/swagger';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';

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
  @ApiQuery({ name: 'token', required: true, schema: { type: 'string' } })
  @ApiAnswers({ 200: 'html', 400: 'html' })
  async confirm(@Query('token') token: unknown, @Res() reply: FastifyReply): Promise<void> {
    const subscriber = await this.subscriberOf(token);
    if (!subscriber) return this.html(reply, 400, invalidLinkPage());
    const html = subscriber.subscribed ? confirmUnsubscribePage(subscriber.email, String(token)) : alreadyUnsubscribedPage(subscriber.email);
    this.html(reply, 200, html);
  }

  @Post()
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ schema: { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] } })
  @ApiAnswers({ 200: 'html', 400: 'html' })
  async unsubscribe(@Body() body: unknown, @Res() reply: FastifyReply, @Caller() caller: RequestContext): Promise<void> {
    const token = (body as { token?: unknown } | undefined)?.token;
    const subscriber = await this.subscriberOf(token);
    if (!subscriber) return this.html(reply, 400, invalidLinkPage());
    await this.newsletter.unsubscribe(subscriber.subscriberId, caller);
    this.html(reply, 200, unsubscribedPage(subscriber.email));
  }

  private async subscriberOf(token: unknown) {
    const subscriberId = typeof token === 'string' && token.length <= 200 ? this.links.subscriberOf(token) : undefined;
    if (!subscriberId) return undefined;
    const subscriber = await this.newsletter.load(subscriberId);
    return subscriber.exists ? subscriber : undefined;
  }

  private html(reply: FastifyReply, status: number, html: string): void {
    reply.status(status).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').send(html);
  }
}
