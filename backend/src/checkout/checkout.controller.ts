import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { text } from '../platform/validation/text';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { RateLimitGuard } from '../platform/web/rate-limit';
import { DiscountCheckBody, discountCheckBody, processPaymentBody, ProcessPaymentBody } from './checkout.schemas';
import { CheckoutService } from './checkout.service';
import { OrderReader } from './order.reader';

/** The storefront's own record of a confirmed order; only its ids are read. */
const confirmationRecord = z.looseObject({
  orderId: text('orderId', { max: 100 }).optional(),
  orderNumber: text('orderNumber', { max: 40 }).optional(),
});

@Controller('api')
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly orders: OrderReader,
  ) {}

  @Post('square/process-payment')
  @HttpCode(200)
  processPayment(@Body(new ZodPipe(processPaymentBody)) body: ProcessPaymentBody, @Caller() caller: RequestContext) {
    return this.checkout.processPayment(body, caller);
  }

  /**
   * The cart page's Apply. Limited per client address, since its answers say whether an email is
   * subscribed; the payment call checks the code again and is what counts.
   */
  @Post('checkout/discount')
  @HttpCode(200)
  @UseGuards(RateLimitGuard('discount-check', () => ({ max: 30, windowSeconds: 60 })))
  checkDiscount(@Body(new ZodPipe(discountCheckBody)) body: DiscountCheckBody) {
    return this.checkout.checkDiscount(body);
  }

  /**
   * Kept for storefronts that ask after paying. The confirmation email is sent once by the worker
   * when the order is placed; this call only says whether that happened, and never sends another.
   */
  @Post('orders/send-confirmation')
  @HttpCode(200)
  async sendConfirmation(@Body(new ZodPipe(confirmationRecord)) record: z.infer<typeof confirmationRecord>) {
    const order = await this.orders.byPaymentOrNumber(record.orderId, record.orderNumber);
    return { success: order?.status === 'placed', emailSent: Boolean(order?.confirmationSentAt) };
  }
}
