import { Body, Controller, Get, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Products, type ProductSnapshot } from '../catalog';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { LinkFormDocs, LinkPageDocs, postedToken, sendLinkPage } from '../platform/web/link-page';
import { OnlyFromThisMachineWhile } from '../stand-ins';
import { alreadyEmailedPage, confirmJoinPage, confirmLeavePage, invalidLinkPage, leftPage, notOnListPage, onTheListPage, withdrawnPage } from './back-in-stock.pages';
import { BackInStockService } from './back-in-stock.service';
import type { RequestState } from './request.decider';
import { RequestLinks } from './request-links';
import { buyable, productPath, waitedName } from './waited-variant';

/**
 * The links in the back-in-stock emails. Opening one only asks (mail scanners follow links, and a
 * scanner's visit must not put an address on a list nor take it off); the page's button posts the
 * same signed token back, and that POST acts.
 */
@Controller('back-in-stock')
// Links signed with the development secret could be forged by anyone: only this machine may use them.
@UseGuards(OnlyFromThisMachineWhile('linkSecret'))
export class BackInStockPagesController {
  constructor(
    private readonly backInStock: BackInStockService,
    private readonly links: RequestLinks,
    private readonly products: Products,
  ) {}

  @Get('confirm')
  @LinkPageDocs()
  async askToConfirm(@Query('token') token: unknown, @Res() reply: FastifyReply): Promise<void> {
    const found = await this.requestOf(this.links.confirmed(token));
    if (!found) return sendLinkPage(reply, 400, invalidLinkPage());
    if (found.request.status !== 'pending') return sendLinkPage(reply, 200, this.statusPage(found.request, found.variant));
    sendLinkPage(reply, 200, confirmJoinPage(found.name, String(token)));
  }

  @Post('confirm')
  @LinkFormDocs()
  async confirm(@Body() body: unknown, @Res() reply: FastifyReply, @Caller() caller: RequestContext): Promise<void> {
    const requestId = this.links.confirmed(postedToken(body));
    const found = await this.requestOf(requestId);
    if (!requestId || !found) return sendLinkPage(reply, 400, invalidLinkPage());
    const { state } = await this.backInStock.confirm(requestId, caller);
    sendLinkPage(reply, 200, this.statusPage(state, found.variant));
  }

  @Get('leave')
  @LinkPageDocs()
  async askToLeave(@Query('token') token: unknown, @Res() reply: FastifyReply): Promise<void> {
    const found = await this.requestOf(this.links.leaving(token));
    if (!found) return sendLinkPage(reply, 400, invalidLinkPage());
    const waiting = found.request.status === 'pending' || found.request.status === 'confirmed';
    sendLinkPage(reply, 200, waiting ? confirmLeavePage(found.name, String(token)) : notOnListPage(found.name));
  }

  @Post('leave')
  @LinkFormDocs()
  async leave(@Body() body: unknown, @Res() reply: FastifyReply, @Caller() caller: RequestContext): Promise<void> {
    const requestId = this.links.leaving(postedToken(body));
    const found = await this.requestOf(requestId);
    if (!requestId || !found) return sendLinkPage(reply, 400, invalidLinkPage());
    await this.backInStock.leave(requestId, caller);
    sendLinkPage(reply, 200, leftPage(found.name));
  }

  private async requestOf(requestId: string | undefined) {
    const request = requestId ? await this.backInStock.load(requestId) : undefined;
    if (!request?.exists) return undefined;
    const variant = await this.products.snapshot(request.productId, request.variantId);
    return { request, variant, name: variant ? waitedName(variant) : 'this piece' };
  }

  /** Where a request stands once confirmed, or when it no longer waits for its confirmation. */
  private statusPage(request: RequestState, variant: ProductSnapshot | undefined): string {
    if (!request.exists) return invalidLinkPage();
    const name = variant ? waitedName(variant) : 'this piece';
    const path = productPath(request.productId, request.variantId);
    if (request.status === 'left') return withdrawnPage(name, path);
    if (request.status === 'emailed') return alreadyEmailedPage(name, path);
    return onTheListPage(name, path, buyable(variant));
  }
}
