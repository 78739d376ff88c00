import { randomUUID } from 'node:crypto';
import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { AdminOnly } from '../auth';
import { CartReader, CartResponse, cartResponseSchema, Carts } from '../cart';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { conflict, notFound } from '../platform/errors/domain-error';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { z } from 'zod';
import { AbandonedCartsReader } from './abandoned-carts.reader';
import { RecoveryFunnelReader } from './recovery-funnel.reader';
import { RecoveryAddresses } from './recovery-address';
import { TestCartMaker } from './test-cart';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { AbandonedCart, abandonedCartSchema, RecoveryFunnel, recoveryFunnelSchema, recoveryEmailQueuedSchema } from './recovery.responses';

const days = new ZodPipe(
  z.coerce
    .number({ error: 'days must be a whole number from 1 to 365.' })
    .int('days must be a whole number from 1 to 365.')
    .min(1, 'days must be a whole number from 1 to 365.')
    .max(365, 'days must be a whole number from 1 to 365.')
    .default(30),
);
const cartId = new ZodPipe(z.uuid('The cart id must be a UUID.').transform((s) => s.toLowerCase()));

/** Abandoned-cart recovery: the studio's list, the abandon and recovery-email actions, and the test-cart tool. */
@Controller()
@AdminOnly()
export class RecoveryController {
  constructor(
    private readonly carts: Carts,
    private readonly reader: CartReader,
    private readonly abandoned: AbandonedCartsReader,
    private readonly testCarts: TestCartMaker,
    private readonly funnels: RecoveryFunnelReader,
    private readonly optOuts: RecoveryAddresses,
  ) {}

  @Get('api/admin/abandoned-carts')
  @ApiAnswers({ 200: z.array(abandonedCartSchema) })
  list(): Promise<AbandonedCart[]> {
    return this.abandoned.list();
  }

  /** The recovery funnel over the carts abandoned in the last `days` (default 30). */
  @Get('api/admin/recovery/funnel')
  @ApiAnswers({ 200: recoveryFunnelSchema })
  funnel(@Query('days', days) span: number): Promise<RecoveryFunnel> {
    return this.funnels.read(span);
  }

  @Post('api/admin/test-cart')
  @ApiAnswers({ 201: cartResponseSchema })
  testCart(@Caller() caller: RequestContext): Promise<CartResponse> {
    return this.testCarts.make(caller);
  }

  @Post('api/cart/:cartId/abandon')
  @HttpCode(200)
  @ApiAnswers({ 200: cartResponseSchema })
  async abandon(@Param('cartId', cartId) id: string, @Caller() caller: RequestContext) {
    await this.carts.run(id, { kind: 'AbandonCart' }, caller);
    return this.cart(id);
  }

  /** Queued for the worker; `emailSent` and `recoveryEmailCount` move when it has gone out. */
  @Post('api/cart/:cartId/recovery-email')
  @HttpCode(202)
  @ApiAnswers({ 202: recoveryEmailQueuedSchema })
  async recoveryEmail(@Param('cartId', cartId) id: string, @Caller() caller: RequestContext): Promise<z.infer<typeof recoveryEmailQueuedSchema>> {
    const email = (await this.reader.byId(id))?.customerEmail;
    if (email && (await this.optOuts.optedOut(email))) throw conflict('This address asked for no more reminders about carts.', 'OPTED_OUT');
    await this.carts.run(id, { kind: 'RequestRecoveryEmail', requestId: randomUUID() }, caller);
    return { success: true, message: 'The recovery email is on its way.', ...(await this.cart(id)) };
  }

  private async cart(id: string): Promise<CartResponse> {
    const response = await this.reader.response(id);
    if (!response) throw notFound('That cart was not found.');
    return response;
  }
}
