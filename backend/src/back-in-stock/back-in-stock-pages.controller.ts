import { Body, Controller, Get, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Products } from '../catalog';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { LinkFormDocs, LinkPageDocs, postedToken, sendLinkPage } from '../platform/web/link-page';
import { OnlyFromThisMachineWhile } from '../stand-ins';
import { alreadyEmailedPage, confirmLeavePage, invalidLinkPage, leftPage, notOnListPage, onTheListPage, withdrawnPage } from './back-in-stock.pages';
import { BackInStockService } from './back-in-stock.service';
import { RequestLinks } from './request-links';
import { buyable, productPath, waitedName } from './waited-variant';

/**
 * The links in the back-in-stock emails. Opening the confirmation link confirms (that is what it is
 * for: the address's owner followed it); the leave link only asks, and its button posts the token.
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
  async confirm(@Query('token') token: unknown, @Res() reply: FastifyReply, @Caller() caller: RequestContext): Promise<void> {
    const requestId = this.links.confirmed(token);
    const request = requestId && (await this.backInStock.load(requestId));
    if (!requestId || !request || !request.exists) return sendLinkPage(reply, 400, invalidLinkPage());
    const { state } = await this.backInStock.confirm(requestId, caller);
    const variant = await this.products.snapshot(request.productId, request.variantId);
    const name = variant ? waitedName(variant) : 'this piece';
    const path = productPath(request.productId, request.variantId);
    if (!state.exists || state.status === 'left') return sendLinkPage(reply, 200, withdrawnPage(name, path));
    if (state.status === 'emailed') return sendLinkPage(reply, 200, alreadyEmailedPage(name, path));
    sendLinkPage(reply, 200, onTheListPage(name, path, buyable(variant)));
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
    return { request, name: variant ? waitedName(variant) : 'this piece' };
  }
}
