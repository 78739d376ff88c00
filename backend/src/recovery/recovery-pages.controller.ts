import { Body, Controller, Get, HttpCode, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CartHandOver, Carts, sessionIdParam } from '../cart';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { invalid, notFound } from '../platform/errors/domain-error';
import { OnlyFromThisMachineWhile } from '../stand-ins';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { CartRestore, NOTE_ORDER } from './cart-restore';
import { RecoveryLinks } from './recovery-links';
import { RecoveryAddresses } from './recovery-address';
import {
  confirmRecoveryUnsubscribePage,
  expiredRestoreLinkPage,
  invalidRestoreLinkPage,
  invalidUnsubscribeLinkPage,
  missingCartPage,
  outdatedUnsubscribeLinkPage,
  recoveryUnsubscribedPage,
} from './recovery.pages';
import { ApiQuery } from '@nestjs/swagger';
import { LinkFormDocs, LinkPageDocs, postedToken, sendLinkPage } from '../platform/web/link-page';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { restoredCartSchema } from './recovery.responses';

const normalizeEmail = (email: string) => email.trim().toLowerCase();

const restoreBody = z.object({
  token: z.string('The token is missing.').min(1, 'The token is missing.').max(300, 'The token is too long.'),
  /** The browser's own cart, if it has one: a cart with items keeps them, and the restored lines are merged in. */
  sessionId: sessionIdParam.optional(),
});

/**
 * The links in a recovery email. The restore link brings the cart into whatever browser opens it
 * (its cart page posts the token: the return is recorded, and the cart handed over like the widgets'
 * Checkout: taken by a browser with no items, merged into a cart with items) and shows what changed; the unsubscribe link only asks on opening (mail scanners follow
 * links), its button stops the emails.
 */
@Controller()
// Links signed with the development secret could be forged by anyone: only this machine may use them.
@UseGuards(OnlyFromThisMachineWhile('linkSecret'))
export class RecoveryPagesController {
  constructor(
    private readonly links: RecoveryLinks,
    private readonly restorer: CartRestore,
    private readonly optOuts: RecoveryAddresses,
    private readonly carts: Carts,
    private readonly handOver: CartHandOver,
  ) {}

  /**
   * Opening the link changes nothing (mail scanners open links too): it passes the token on to the
   * cart page, which posts it: that records the return and hands the cart to the browser.
   */
  @Get('cart/restore')
  @ApiQuery({ name: 'token', required: true, schema: { type: 'string' } })
  @ApiAnswers({ 303: 'redirect', 400: 'html', 404: 'html', 410: 'html' })
  async open(@Query('token') token: unknown, @Res() reply: FastifyReply): Promise<void> {
    const link = this.links.restoreOf(token);
    if ('invalid' in link) return sendLinkPage(reply, link.invalid === 'expired' ? 410 : 400, link.invalid === 'expired' ? expiredRestoreLinkPage() : invalidRestoreLinkPage());
    const { state } = await this.carts.load(link.cartId);
    if (!state.exists) return sendLinkPage(reply, 404, missingCartPage());
    const target = `/cart?restore=${encodeURIComponent(String(token))}`;
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(target, 303);
  }

  /**
   * The cart page, opened through a restore link: `CartRecovered` (once), the cart brought up to date,
   * then handed to this browser (adopted, or merged into its cart with items), and what changed.
   */
  @Post('api/cart/restore')
  @HttpCode(200)
  @ApiAnswers({ 200: restoredCartSchema })
  async restore(@Body(new ZodPipe(restoreBody)) body: z.infer<typeof restoreBody>, @Caller() caller: RequestContext): Promise<z.infer<typeof restoredCartSchema>> {
    const link = this.links.restoreOf(body.token);
    if ('invalid' in link) {
      throw link.invalid === 'expired' ? invalid('This link has expired. Your pieces may still be in the shop.', 'LINK_EXPIRED') : invalid('This link is not valid.', 'INVALID_LINK');
    }
    const restored = await this.restorer.restore(link.cartId, caller);
    if (!restored) throw notFound('That cart was not found.');
    const handed = await this.handOver.handOver(link.cartId, body.sessionId, caller);
    return { ...handed, contact: restored.contact, notes: NOTE_ORDER.filter((n) => restored.notes.includes(n) || (handed.notes as string[]).includes(n)) };
  }

  @Get('recovery/unsubscribe')
  @LinkPageDocs()
  async confirm(@Query('token') token: unknown, @Res() reply: FastifyReply): Promise<void> {
    const email = await this.emailOf(token);
    if (!email) return sendLinkPage(reply, 400, invalidUnsubscribeLinkPage());
    if (email === 'outdated') return sendLinkPage(reply, 400, outdatedUnsubscribeLinkPage());
    sendLinkPage(reply, 200, (await this.optOuts.optedOut(email)) ? recoveryUnsubscribedPage(email) : confirmRecoveryUnsubscribePage(email, String(token)));
  }

  @Post('recovery/unsubscribe')
  @LinkFormDocs()
  async unsubscribe(@Body() body: unknown, @Res() reply: FastifyReply, @Caller() caller: RequestContext): Promise<void> {
    const token = postedToken(body);
    const email = await this.emailOf(token);
    if (!email) return sendLinkPage(reply, 400, invalidUnsubscribeLinkPage());
    if (email === 'outdated') return sendLinkPage(reply, 400, outdatedUnsubscribeLinkPage());
    await this.optOuts.optOut(email, caller);
    sendLinkPage(reply, 200, recoveryUnsubscribedPage(email));
  }

  /**
   * The address a link stops: the one signed into it. A link from before addresses were signed
   * names only its cart, whose contact anyone may have changed since: it is honoured only while
   * every recovery email of that cart went to the cart's contact as it is now, which is then surely
   * the address it was sent to; otherwise it stops nobody (`outdated`).
   */
  private async emailOf(token: unknown): Promise<string | 'outdated' | undefined> {
    const link = this.links.unsubscribeOf(token);
    if (!link) return undefined;
    if (!('legacy' in link)) return link.email;
    const { state } = await this.carts.load(link.cartId);
    if (!state.exists || !state.contact) return 'outdated';
    const contact = normalizeEmail(state.contact.email);
    const recipients = (state.recoveryRecipients ?? []).map(normalizeEmail);
    return recipients.length > 0 && recipients.every((r) => r === contact) ? contact : 'outdated';
  }
}
