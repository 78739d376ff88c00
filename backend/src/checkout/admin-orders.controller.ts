import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { AdminOnly } from '../auth/admin.guard';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { CommandRunner } from '../platform/event-store/command-runner';
import { notFound } from '../platform/errors/domain-error';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { orderDecider } from './order.decider';
import { orderStream } from './order.events';
import { OrderReader } from './order.reader';
import { toAdminOrderDto } from './order.view';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { AdminOrderDto, adminOrderSchema } from './checkout.responses';

const orderId = new ZodPipe(z.uuid('The order id must be a UUID.').transform((s) => s.toLowerCase()));
const fulfilBody = z
  .object({ trackingNumber: z.string('trackingNumber must be text.').trim().max(100, 'trackingNumber is too long.').regex(/^[\w -]*$/, 'trackingNumber may hold letters, digits, spaces and dashes.').optional() })
  .default({});

/** Orders to fulfil: newest first, marked picked up or shipped. */
@Controller('api/admin/orders')
@AdminOnly()
export class AdminOrdersController {
  constructor(
    private readonly orders: OrderReader,
    private readonly runner: CommandRunner,
  ) {}

  @Get()
  @ApiAnswers({ 200: z.array(adminOrderSchema) })
  async list(): Promise<AdminOrderDto[]> {
    return (await this.orders.placed()).map(toAdminOrderDto);
  }

  @Post(':id/fulfil')
  @HttpCode(200)
  @ApiAnswers({ 200: adminOrderSchema })
  async fulfil(@Param('id', orderId) id: string, @Body(new ZodPipe(fulfilBody)) body: z.infer<typeof fulfilBody>, @Caller() caller: RequestContext) {
    await this.runner.run(orderDecider, orderStream(id), { kind: 'FulfilOrder', trackingNumber: body.trackingNumber || undefined }, caller);
    const order = await this.orders.byId(id);
    if (!order) throw notFound('That order was not found.');
    return toAdminOrderDto(order);
  }
}
