import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { Caller } from '../platform/context/correlation';
import { OnlyFromThisMachineWhile } from '../stand-ins';
import type { RequestContext } from '../platform/context/request-context';
import { text } from '../platform/validation/text';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { clientOf, RateLimitGuard } from '../platform/web/rate-limit';
import { DiscountCheckBody, discountCheckBody, processPaymentBody, ProcessPaymentBody } from './checkout.schemas';
import { CheckoutService } from './checkout.service';
import { OrderReader } from '../orders';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { confirmationStatusSchema, discountCheckSchema, paymentResultSchema } from './checkout.responses';

/** The storefront's own record of a confirmed order; only its ids are read. */
const confirmationRecord = z.looseObject({
  orderId: text('orderId', { max: 100 }).optional(),
  orderNumber: text('orderNumber', { max: 40 }).optional(),
});

const perAddress = (c: AppConfig) => ({ max: c.PAYMENT_RATE_LIMIT_PER_ADDRESS, windowSeconds: c.PAYMENT_RATE_LIMIT_WINDOW_SECONDS });
const perCart = (c: AppConfig) => ({ max: c.PAYMENT_RATE_LIMIT_PER_CART, windowSeconds: c.PAYMENT_RATE_LIMIT_WINDOW_SECONDS });
const cartOf = (req: FastifyRequest) => {
  const cartId = (req.body as { cartId?: unknown } | undefined)?.cartId;
  return typeof cartId === 'string' ? cartId.toLowerCase() : undefined;
};

/**
 * Against card testing: payment attempts are counted per client address (one counter with the
 * discount check, which would otherwise say which emails subscribed) and per cart (a script that
 * changes address keeps its cart).
 */
const CheckoutAttemptsFromAddress = RateLimitGuard('checkout-attempts', perAddress);
const PaymentAttemptsOnCart = RateLimitGuard('payment-attempts-cart', perCart, {
  of: cartOf,
  message: (seconds) => `Too many payment attempts for this cart. Please check your card details and try again in ${Math.ceil(seconds / 60)} minutes.`,
});

@Controller('api')
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly orders: OrderReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('square/process-payment')
  @HttpCode(200)
  @UseGuards(OnlyFromThisMachineWhile('square'), CheckoutAttemptsFromAddress, PaymentAttemptsOnCart)
  @ApiAnswers({ 200: paymentResultSchema })
  processPayment(@Body(new ZodPipe(processPaymentBody)) body: ProcessPaymentBody, @Req() req: FastifyRequest, @Caller() caller: RequestContext) {
    // The units held are counted per client as the rate limits count it (an IPv6 client by its prefix).
    return this.checkout.processPayment(body, clientOf(req, this.config), caller);
  }

  /** The cart page's Apply. The payment call checks the code again and is what counts. */
  @Post('checkout/discount')
  @HttpCode(200)
  @UseGuards(CheckoutAttemptsFromAddress)
  @ApiAnswers({ 200: discountCheckSchema })
  checkDiscount(@Body(new ZodPipe(discountCheckBody)) body: DiscountCheckBody) {
    return this.checkout.checkDiscount(body);
  }

  /**
   * Kept for storefronts that ask after paying. The confirmation email is sent once by the worker
   * when the order is placed; this call only says whether that happened, and never sends another.
   */
  @Post('orders/send-confirmation')
  @HttpCode(200)
  @ApiAnswers({ 200: confirmationStatusSchema })
  async sendConfirmation(@Body(new ZodPipe(confirmationRecord)) record: z.infer<typeof confirmationRecord>): Promise<z.infer<typeof confirmationStatusSchema>> {
    const order = await this.orders.byPaymentOrNumber(record.orderId, record.orderNumber);
    return { success: order?.status === 'placed', emailSent: Boolean(order?.confirmationSentAt) };
  }
}
