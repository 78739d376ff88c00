import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { invalid, notFound } from '../platform/errors/domain-error';
import { OnlyFromThisMachineWhile } from '../stand-ins';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { CartHandOver } from './cart-hand-over';
import { CartReader } from './cart.reader';
import { CartHandOverDto, cartHandOverLinkSchema, cartHandOverSchema } from './cart.responses';
import { handOverBody, uuidParam } from './cart.schemas';
import { HandOverLinks } from './hand-over-links';

/** A cart handed from another site to the shop: the widgets' Checkout link and the cart page that follows it. */
@Controller('api/cart')
// Tokens signed with the development secret could be forged by anyone: only this machine may use them.
@UseGuards(OnlyFromThisMachineWhile('linkSecret'))
export class CartHandOverController {
  constructor(
    private readonly links: HandOverLinks,
    private readonly handOver: CartHandOver,
    private readonly reader: CartReader,
  ) {}

  @Post(':cartId/handover')
  @ApiAnswers({ 201: cartHandOverLinkSchema })
  async link(@Param('cartId', new ZodPipe(uuidParam('cart'))) cartId: string): Promise<z.infer<typeof cartHandOverLinkSchema>> {
    if (!(await this.reader.byId(cartId))) throw notFound('That cart was not found.');
    return this.links.issue(cartId);
  }

  /** Opening `/cart?handover=<token>` changes nothing; the cart page posts the token with its own session id. */
  @Post('handover')
  @HttpCode(200)
  @ApiAnswers({ 200: cartHandOverSchema })
  follow(@Body(new ZodPipe(handOverBody)) body: z.infer<typeof handOverBody>, @Caller() caller: RequestContext): Promise<CartHandOverDto> {
    const link = this.links.cartOf(body.token);
    if ('invalid' in link) {
      throw link.invalid === 'expired'
        ? invalid('This checkout link has expired. Go back to the cart you came from and choose Checkout again.', 'LINK_EXPIRED')
        : invalid('This checkout link is not valid.', 'INVALID_LINK');
    }
    return this.handOver.handOver(link.cartId, body.sessionId, caller);
  }
}
