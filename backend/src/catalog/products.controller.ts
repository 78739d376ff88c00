import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../platform/errors/domain-error';
import { compressFor, sendCompressed } from '../platform/web/compressed-body';
import { matchesEtag } from '../platform/web/etag';
import { KnownVersion, knownVersionQuery } from '../platform/web/known-version';
import { text } from '../platform/validation/text';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { CATEGORIES } from './categories';
import { productIdParam } from './product-id-param';
import { CachedBody, ProductsCache } from './products.cache';
import { ProductSearch } from './product-search';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { categorySchema, productSchema } from './catalog.responses';

/** `?q=`: what a shopper typed in the search field; longer than a shopper types is refused, not searched. */
const listQuery = knownVersionQuery.extend({ q: text('q', { max: 200 }).optional() });

@Controller('api')
export class ProductsController {
  constructor(
    private readonly cache: ProductsCache,
    private readonly search: ProductSearch,
  ) {}

  /**
   * `?version=`: the catalogue version the client holds, the sum of its list's product versions.
   * `?q=`: the products it finds instead, best first (none for a `q` with no word to search by).
   */
  @Get('products')
  @ApiAnswers({ 200: z.array(productSchema), 304: 'empty' })
  async list(@Query(new ZodPipe(listQuery)) query: z.infer<typeof listQuery>, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (query.q === undefined) return send(req, reply, await this.cache.list(query.version));
    const ids = query.q ? await this.search.ids(query.q) : [];
    const found = await Promise.all(ids.map((id) => this.cache.one(id)));
    // Drafts and withdrawn products are in the search's table but not in the shop's list.
    // An answer made for this request: compressed only as this client takes it, and sent without an ETag to keep.
    const body = JSON.stringify(found.flatMap((p) => (p ? [p.dto] : [])));
    reply.header('cache-control', 'no-cache');
    sendCompressed(req, reply.type('application/json; charset=utf-8'), compressFor(req, body));
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
