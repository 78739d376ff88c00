import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import { AdminOnly } from '../auth';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { notFound } from '../platform/errors/domain-error';
import { parseCents } from '../platform/money';
import { OrderRefunds } from './order-refunds';
import { Orders } from './orders';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { OrderReader } from './order.reader';
import { toAdminOrderDto } from './order.view';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import {
  AdminOrderDetailDto,
  adminOrderDetailSchema,
  AdminOrderPageDto,
  adminOrderPageSchema,
  adminOrderSchema,
  fulfillmentStatusSchema,
  fulfillmentStepSchema,
  refundResultSchema,
  RefundResultDto,
} from './order.responses';
import { AdminOrderDetails } from './admin-order-details';
import { text } from '../platform/validation/text';
import { STAFF_NOTE_MAX } from './order-notes.decider';

const orderId = new ZodPipe(z.uuid('The order id must be a UUID.').transform((s) => s.toLowerCase()));
const fulfillBody = z
  .object({
    trackingNumber: z
      .string('trackingNumber must be text.')
      .trim()
      .max(100, 'trackingNumber is too long.')
      .regex(/^[\w -]*$/, 'trackingNumber may hold letters, digits, spaces and dashes.')
      .optional(),
  })
  .default({});

const listQuery = z.object({
  search: text('search', { max: 100 }).optional(),
  status: z.enum([...fulfillmentStatusSchema.options, 'refunded'], `status must be one of ${[...fulfillmentStatusSchema.options, 'refunded'].join(', ')}.`).optional(),
  page: z.coerce
    .number('page must be a whole number from 1.')
    .int('page must be a whole number from 1.')
    .min(1, 'page must be a whole number from 1.')
    .max(100_000, 'page is too large.')
    .default(1),
  pageSize: z.coerce
    .number('pageSize must be a whole number from 1 to 100.')
    .int('pageSize must be a whole number from 1 to 100.')
    .min(1, 'pageSize must be a whole number from 1 to 100.')
    .max(100, 'pageSize must be a whole number from 1 to 100.')
    .default(20),
});

/**
 * One fulfilment step. `carrier` and `trackingNumber` belong to `shipped` and are optional there
 * (a parcel handed over without tracking), but each one given must be well formed.
 */
const fulfillmentBody = z
  .strictObject({
    step: z.enum(fulfillmentStepSchema.options, `step must be one of ${fulfillmentStepSchema.options.join(', ')}.`),
    carrier: text('carrier', { max: 40, min: 1, required: 'carrier must not be empty when given.' }).optional(),
    trackingNumber: z
      .string('trackingNumber must be text.')
      .trim()
      .min(1, 'trackingNumber must not be empty when given.')
      .max(60, 'trackingNumber must be at most 60 characters.')
      .regex(/^[A-Za-z0-9 -]+$/, 'trackingNumber may hold letters, digits, spaces and dashes.')
      .optional(),
    note: text('note', { max: 500, multiLine: true }).optional(),
  })
  .refine((b) => b.step === 'shipped' || (b.carrier === undefined && b.trackingNumber === undefined), { message: 'carrier and trackingNumber go with the shipped step only.' });

/** `itemId` is the line's index in the order's items (from 0); `amount` a decimal string ("12.50"). */
const refundBody = z.strictObject({
  amount: z
    .string('amount must be an amount such as 12.50.')
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'amount must be an amount such as 12.50.')
    .transform((t, ctx) => parseCents(t) ?? (ctx.addIssue({ code: 'custom', message: 'amount must be an amount such as 12.50.' }), z.NEVER))
    .refine((c) => c >= 1, 'amount must be at least 0.01.')
    .optional(),
  lines: z
    .array(
      z.strictObject({
        itemId: z.int("itemId must be the line's index, a whole number.").min(0, 'itemId must be 0 or more.').max(999, 'itemId is too large.'),
        quantity: z.int('quantity must be a whole number.').min(1, 'quantity must be at least 1.').max(1000, 'quantity is too large.'),
        restock: z.boolean('restock must be true or false.'),
      }),
      'lines must be a list.',
    )
    .max(100, 'lines has too many entries.')
    .default([]),
  reason: z.string('reason is required.').trim().min(1, 'reason is required.').max(192, 'reason is at most 192 characters.'),
});

/** Orders to fulfil: a page of them, one order's page, and its fulfilment steps and refunds. */
/** A note the studio writes on an order (line breaks kept). */
const noteBody = z.object(
  { text: text('The note', { min: 1, max: STAFF_NOTE_MAX, multiLine: true, required: 'Write the note first.' }) },
  'The body must be a JSON object with the note as `text`.',
);

@Controller('api/admin/orders')
@AdminOnly()
export class AdminOrdersController {
  constructor(
    private readonly reader: OrderReader,
    private readonly orders: Orders,
    private readonly refunds: OrderRefunds,
    private readonly details: AdminOrderDetails,
  ) {}

  /** Placed orders, newest first, a page at a time. */
  @Get()
  @ApiAnswers({ 200: adminOrderPageSchema })
  async list(@Query(new ZodPipe(listQuery)) query: z.infer<typeof listQuery>): Promise<AdminOrderPageDto> {
    const { orders, total } = await this.reader.page({ ...query, search: query.search || undefined });
    return { orders: orders.map(toAdminOrderDto), total, page: query.page, pageSize: query.pageSize };
  }

  @Get(':id')
  @ApiAnswers({ 200: adminOrderDetailSchema })
  async detail(@Param('id', orderId) id: string): Promise<AdminOrderDetailDto> {
    return this.details.of(id);
  }

  /** Records one fulfilment step (and so its email); the step the order is already at again changes nothing. */
  // The handlers' names are the API's operation ids (the front ends' generated types use them): they keep the route's spelling.
  @Post(':id/fulfilment')
  @HttpCode(200)
  @ApiAnswers({ 200: adminOrderDetailSchema })
  async fulfilment(
    @Param('id', orderId) id: string,
    @Body(new ZodPipe(fulfillmentBody)) body: z.infer<typeof fulfillmentBody>,
    @Caller() caller: RequestContext,
  ): Promise<AdminOrderDetailDto> {
    await this.orders.run(id, { kind: 'RecordFulfillmentStep', ...body }, caller);
    return this.details.of(id);
  }

  /** The route from before fulfilment had steps: picks up a pickup order, ships a shipping one. */
  @Post(':id/fulfil')
  @HttpCode(200)
  @ApiAnswers({ 200: adminOrderSchema })
  async fulfil(@Param('id', orderId) id: string, @Body(new ZodPipe(fulfillBody)) body: z.infer<typeof fulfillBody>, @Caller() caller: RequestContext) {
    await this.orders.run(id, { kind: 'FulfillOrder', trackingNumber: body.trackingNumber || undefined }, caller);
    const order = await this.reader.byId(id);
    if (!order) throw notFound('That order was not found.');
    return toAdminOrderDto(order);
  }

  /**
   * Refunds the order through Square: `amount`, or without it what the shopper paid for the lines
   * (capped at what is left), or without lines everything left. Refunding more than is left (by the
   * shop's count or Square's) is a 409 and changes nothing. `status` `pending`: Square is still
   * working on it; it is restocked and emailed about once Square says it completed.
   */
  @Post(':id/refunds')
  @HttpCode(201)
  @ApiAnswers({ 201: refundResultSchema })
  async refund(@Param('id', orderId) id: string, @Body(new ZodPipe(refundBody)) body: z.infer<typeof refundBody>, @Caller() caller: RequestContext): Promise<RefundResultDto> {
    const { refundId, squareRefundId, status } = await this.refunds.refund(id, { amountCents: body.amount, lines: body.lines, reason: body.reason }, caller);
    const order = await this.reader.byId(id);
    if (!order) throw notFound('That order was not found.');
    return { refundId, squareRefundId, status, order: toAdminOrderDto(order) };
  }

  /** Adds the studio's note to the order, signed with the admin's email and the time. */
  @Post(':id/notes')
  @HttpCode(201)
  @ApiAnswers({ 201: adminOrderDetailSchema })
  async notes(@Param('id', orderId) id: string, @Body(new ZodPipe(noteBody)) body: z.infer<typeof noteBody>, @Caller() caller: RequestContext): Promise<AdminOrderDetailDto> {
    await this.orders.run(id, { kind: 'AddStaffNote', text: body.text, by: caller.actor.replace(/^admin:/, ''), at: new Date().toISOString() }, caller);
    return this.details.of(id);
  }
}
