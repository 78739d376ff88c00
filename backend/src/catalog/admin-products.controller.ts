import { Body, Controller, Get, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AdminOnly } from '../auth';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { notFound } from '../platform/errors/domain-error';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { newProductBody, productChangesBody, productIdParam, stockBody } from './admin-product.schemas';
import { ProductIds } from './product-ids';
import { AdminProductDto, ProductView, toAdminProductDto } from './product.view';
import { Products } from './products';
import { stockFrom } from './stock-rules';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { adminProductSchema } from './catalog.responses';

const productId = new ZodPipe(productIdParam);

/** The inventory: every product as the studio sees it (units on hand, held, the in-stock flag), and its changes. */
@Controller('api/admin/products')
@AdminOnly()
export class AdminProductsController {
  constructor(
    private readonly products: Products,
    private readonly ids: ProductIds,
    private readonly orm: MikroORM,
  ) {}

  @Get()
  @ApiAnswers({ 200: z.array(adminProductSchema) })
  async list(): Promise<AdminProductDto[]> {
    const rows = await this.orm.em.fork().find(ProductView, {}, { orderBy: { id: 'desc' } });
    return rows.map(toAdminProductDto);
  }

  @Post()
  @ApiAnswers({ 201: adminProductSchema })
  async add(@Body(new ZodPipe(newProductBody)) body: z.infer<typeof newProductBody>, @Res({ passthrough: true }) reply: FastifyReply, @Caller() caller: RequestContext) {
    const id = await this.ids.next();
    const { price, inStock, stockQuantity, ...details } = body;
    await this.products.run(id, { kind: 'AddProduct', ...details, priceCents: price, ...stockFrom({ inStock, stockQuantity }) }, caller);
    reply.status(201);
    return this.one(id);
  }

  @Patch(':id')
  @ApiAnswers({ 200: adminProductSchema })
  async change(@Param('id', productId) id: number, @Body(new ZodPipe(productChangesBody)) body: z.infer<typeof productChangesBody>, @Caller() caller: RequestContext) {
    const { price, ...rest } = body;
    await this.products.run(id, { kind: 'ChangeProductDetails', changes: { ...rest, priceCents: price } }, caller);
    return this.one(id);
  }

  @Put(':id/stock')
  @ApiAnswers({ 200: adminProductSchema })
  async setStock(@Param('id', productId) id: number, @Body(new ZodPipe(stockBody)) body: z.infer<typeof stockBody>, @Caller() caller: RequestContext) {
    await this.products.run(id, { kind: 'SetStock', ...stockFrom(body) }, caller);
    return this.one(id);
  }

  private async one(id: number): Promise<AdminProductDto> {
    const row = await this.orm.em.fork().findOne(ProductView, { id });
    if (!row) throw notFound(`Product ${id} was not found.`);
    return toAdminProductDto(row);
  }
}
