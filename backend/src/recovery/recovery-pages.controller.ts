import { Body, Controller, Get, Post, Query, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { LoadCartQuery } from '../cart';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { OnlyFromThisMachineWhile } from '../platform/security/development-stand-ins';
import { CartRestore } from './cart-restore';
import { RecoveryLinks } from './recovery-links';
import { RecoveryOptOuts } from './recovery-opt-out';
import {
  confirmRecoveryUnsubscribePage,
  expiredRestoreLinkPage,
  invalidRestoreLinkPage,
  invalidUnsubscribeLinkPage,
  missingCartPage,
  recoveryUnsubscribedPage,
} from './recovery.pages';

/**
 * The links in a recovery email. The restore link brings the cart into whatever browser opens it
 * (through the storefront's `/cart?cart=<sessionId>` hand-over) and notes what changed; the
 * unsubscribe link only asks on opening (mail scanners follow links), its button stops the emails.
 */
@Controller()
// Links signed with the development secret could be forged by anyone: only this machine may use them.
@UseGuards(OnlyFromThisMachineWhile('linkSecret'))
export class RecoveryPagesController {
  constructor(
    private readonly links: RecoveryLinks,
    private readonly restorer: CartRestore,
    private readonly optOuts: RecoveryOptOuts,
    private readonly queries: QueryBus,
  ) {}

  @Get('cart/restore')
  async restore(@Query('token') token: unknown, @Res() reply: FastifyReply, @Caller() caller: RequestContext): Promise<void> {
    const link = this.links.restoreOf(token);
    if ('invalid' in link) return this.html(reply, link.invalid === 'expired' ? 410 : 400, link.invalid === 'expired' ? expiredRestoreLinkPage() : invalidRestoreLinkPage());
    const restored = await this.restorer.restore(link.cartId, caller);
    if (!restored) return this.html(reply, 404, missingCartPage());
    const notes = restored.notes.length ? `&restored=${restored.notes.join(',')}` : '&restored=';
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(`/cart?cart=${encodeURIComponent(restored.sessionId)}${notes}`, 303);
  }

  @Get('recovery/unsubscribe')
  async confirm(@Query('token') token: unknown, @Res() reply: FastifyReply): Promise<void> {
    const email = await this.emailOf(token);
    if (!email) return this.html(reply, 400, invalidUnsubscribeLinkPage());
    this.html(reply, 200, (await this.optOuts.optedOut(email)) ? recoveryUnsubscribedPage(email) : confirmRecoveryUnsubscribePage(email, String(token)));
  }

  @Post('recovery/unsubscribe')
  async unsubscribe(@Body() body: unknown, @Res() reply: FastifyReply, @Caller() caller: RequestContext): Promise<void> {
    const token = (body as { token?: unknown } | undefined)?.token;
    const email = await this.emailOf(token);
    if (!email) return this.html(reply, 400, invalidUnsubscribeLinkPage());
    await this.optOuts.optOut(email, caller);
    this.html(reply, 200, recoveryUnsubscribedPage(email));
  }

  private async emailOf(token: unknown): Promise<string | undefined> {
    const cartId = this.links.unsubscribeOf(token);
    if (!cartId) return undefined;
    const { state } = await this.queries.execute(new LoadCartQuery(cartId));
    return state.exists ? state.contact?.email : undefined;
  }

  private html(reply: FastifyReply, status: number, html: string): void {
    reply.status(status).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').send(html);
  }
}
