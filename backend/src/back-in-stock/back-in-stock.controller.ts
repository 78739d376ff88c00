import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import type { AppConfig } from '../platform/config/app-config';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { RateLimitGuard } from '../platform/web/rate-limit';
import { notifyAnswerSchema, type NotifyAnswer } from './back-in-stock.responses';
import { notifyBody, productIdParam, variantIdParam } from './back-in-stock.schemas';
import { BackInStockService } from './back-in-stock.service';

const notifyLimit = (c: AppConfig) => ({ max: c.BACK_IN_STOCK_RATE_LIMIT_MAX, windowSeconds: c.BACK_IN_STOCK_RATE_LIMIT_WINDOW_SECONDS });

@Controller('api/products')
export class BackInStockController {
  constructor(private readonly backInStock: BackInStockService) {}

  /** "Email me when it's back": a confirmation email first (double opt-in), then one email when the variant can be bought again. */
  @Post(':id/variants/:variantId/notify')
  @HttpCode(202)
  @UseGuards(RateLimitGuard('back-in-stock-notify', notifyLimit))
  @ApiAnswers({ 202: notifyAnswerSchema })
  async notify(
    @Param('id', new ZodPipe(productIdParam)) productId: number,
    @Param('variantId', new ZodPipe(variantIdParam)) variantId: string,
    @Body(new ZodPipe(notifyBody)) body: z.infer<typeof notifyBody>,
    @Caller() caller: RequestContext,
  ): Promise<NotifyAnswer> {
    // An address that confirmed already gets no second email; its answer is the same as anyone's.
    await this.backInStock.ask(productId, variantId, body.email, caller);
    return { status: 'confirmation-sent', message: 'Check your inbox: confirm the link we sent, and we will email you once when it is back.' };
  }
}
