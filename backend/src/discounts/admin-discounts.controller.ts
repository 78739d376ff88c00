import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AdminOnly } from '../auth';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { notFound } from '../platform/errors/domain-error';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { discountChangesBody, DiscountChangesBody, discountCode, newDiscountBody, NewDiscountBody, termsOf } from './admin-discounts.schemas';
import { DiscountCodes } from './discount-codes';
import { DiscountsReader } from './discounts.reader';
import { AdminDiscountDto, adminDiscountSchema } from './discounts.responses';

const codeParam = new ZodPipe(discountCode);
const missing = (code: string) => notFound(`There is no discount ${code}.`, 'DISCOUNT_NOT_FOUND');

/** The studio's discount codes and automatic sales: the Discounts page of the admin app. */
@Controller('api/admin/discounts')
@AdminOnly()
export class AdminDiscountsController {
  constructor(
    private readonly codes: DiscountCodes,
    private readonly reader: DiscountsReader,
  ) {}

  /** Every code, with its uses and the revenue of the orders that used it. */
  @Get()
  @ApiAnswers({ 200: z.array(adminDiscountSchema) })
  list(): Promise<AdminDiscountDto[]> {
    return this.reader.all();
  }

  @Get(':code')
  @ApiAnswers({ 200: adminDiscountSchema })
  async one(@Param('code', codeParam) code: string): Promise<AdminDiscountDto> {
    return (await this.reader.one(code)) ?? Promise.reject(missing(code));
  }

  @Post()
  @ApiAnswers({ 201: adminDiscountSchema })
  async create(@Body(new ZodPipe(newDiscountBody)) body: NewDiscountBody, @Res({ passthrough: true }) reply: FastifyReply, @Caller() caller: RequestContext): Promise<AdminDiscountDto> {
    const { code, ...fields } = body;
    const made = await this.codes.create(code, termsOf(fields), caller);
    reply.status(201);
    return this.one(made);
  }

  @Patch(':code')
  @ApiAnswers({ 200: adminDiscountSchema })
  async change(@Param('code', codeParam) code: string, @Body(new ZodPipe(discountChangesBody)) body: DiscountChangesBody, @Caller() caller: RequestContext): Promise<AdminDiscountDto> {
    const state = await this.codes.load(code);
    if (state.status !== 'active') throw missing(code);
    await this.codes.run(code, { kind: 'Change', changes: termsOf(body, state.terms) }, caller);
    return this.one(code);
  }

  /** No checkout can use it from now on; checkouts holding a use keep the discount they were priced with. A repeat is done already. */
  @Delete(':code')
  @HttpCode(204)
  @ApiAnswers({ 204: 'empty' })
  async remove(@Param('code', codeParam) code: string, @Caller() caller: RequestContext): Promise<void> {
    if ((await this.codes.load(code)).status === 'none') throw missing(code);
    await this.codes.run(code, { kind: 'Delete' }, caller);
  }
}
