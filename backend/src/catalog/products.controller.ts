import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../platform/errors/domain-error';
import { sendCompressed } from '../platform/web/compressed-body';
import { matchesEtag } from '../platform/web/etag';
import { KnownVersion, knownVersionQuery } from '../platform/web/known-version';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { CATEGORIES } from './categories';
import { productIdParam } from './product-id-param';
import { CachedBody, ProductsCache } from './products.cache';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { categorySchema, productSchema } from './catalog.responses';

@Controller('api')
export class ProductsController {
  constructor(private readonly cache: ProductsCache) {}

  /** `?version=`: the catalogue version the client holds, the sum of its list's product versions. */
  @Get('products')
  @ApiAnswers({ 200: z.array(productSchema), 304: 'empty' })
  async list(@Query(new ZodPipe(knownVersionQuery)) known: KnownVersion, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    send(req, reply, await this.cache.list(known.version));
  }

  /** `?version=`: the product's version the client holds. */
  @Get('products/:id')
  @ApiAnswers({ 200: productSchema, 304: 'empty' })
  async one(
    @Param('id', new ZodPipe(productIdParam)) id: number,
    @Query(new ZodPipe(knownVersionQuery)) known: KnownVersion,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const found = await this.cache.one(id, known.version);
    if (!found) throw notFound(`Product ${id} was not found.`);
    send(req, reply, found.response);
  }

  @Get('categories')
  @ApiAnswers({ 200: z.array(categorySchema) })
  categories(): readonly z.infer<typeof categorySchema>[] {
    return CATEGORIES;
  }
}

/** Sends a cached JSON body, or 304 when the browser already holds this version. */
function send(req: FastifyRequest, reply: FastifyReply, { body, etag }: CachedBody): void {
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    reply.status(304).send();
    return;
  }
  sendCompressed(req, reply.type('application/json; charset=utf-8'), body);
}
