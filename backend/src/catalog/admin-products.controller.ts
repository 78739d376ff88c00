import { Body, Controller, Get, Param, Patch, Post, Put, Res } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AdminOnly } from '../auth';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { conflict, notFound } from '../platform/errors/domain-error';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { newProductBody, productChangesBody, productIdParam, stockBody, variantIdParam } from './admin-product.schemas';
import { type VariantInput } from './product.decider';
import { liveVariants, type ExistingProduct } from './product.state';
import { ProductIds } from './product-ids';
import { AdminProductDto, readProducts, toAdminProductDto } from './product.view';
import { Products } from './products';
import { stockFrom } from './stock-rules';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { adminProductSchema } from './catalog.responses';
import { BackInStockWaiting } from './back-in-stock-waiting';

const productId = new ZodPipe(productIdParam);
const variantId = new ZodPipe(variantIdParam);
type VariantBody = NonNullable<z.infer<typeof productChangesBody>['variants']>[number];

/** A variants table row as the decider takes it (stock only when the row gives it). */
const variantInput = (v: VariantBody): VariantInput => ({
  ...(v.id !== undefined && { variantId: v.id }),
  options: v.options,
  priceCents: v.price,
  ...(v.sku && { sku: v.sku }),
  ...(v.imageUrl !== undefined && { imageUrl: v.imageUrl }),
  ...(v.stockQuantity !== undefined && { stock: stockFrom({ inStock: v.inStock, stockQuantity: v.stockQuantity }) }),
});

/** The inventory: every product as the studio sees it (per variant: units on hand, held, the in-stock flag), and its changes. */
@Controller('api/admin/products')
@AdminOnly()
export class AdminProductsController {
  constructor(
    private readonly products: Products,
    private readonly ids: ProductIds,
    private readonly orm: MikroORM,
    private readonly waiting: BackInStockWaiting,
  ) {}

  @Get()
  @ApiAnswers({ 200: z.array(adminProductSchema) })
  async list(): Promise<AdminProductDto[]> {
    const [rows, waiting] = await Promise.all([readProducts(this.orm.em as EntityManager, { newestFirst: true }), this.waiting.byVariant()]);
    return rows.map(({ product, variants }) => toAdminProductDto(product, variants, waiting));
  }

  /** The old body (price, stock) makes a product with one variant; `options` and `variants` make one with several. */
  @Post()
  @ApiAnswers({ 201: adminProductSchema })
  async add(@Body(new ZodPipe(newProductBody)) body: z.infer<typeof newProductBody>, @Res({ passthrough: true }) reply: FastifyReply, @Caller() caller: RequestContext) {
    const id = await this.ids.next();
    const { price, inStock, stockQuantity, imageUrl, images, options, variants, status, ...details } = body;
    const rows = variants ?? [{ options: {}, price: price!, stockQuantity, inStock }];
    await this.products.run(
      id,
      {
        kind: 'AddProduct',
        ...details,
        images: images ?? (imageUrl ? [imageUrl] : []),
        options,
        ...(status === 'draft' && { draft: true }),
        variants: rows.map((v) => ({ ...variantInput(v), stock: stockFrom({ inStock: v.inStock, stockQuantity: v.stockQuantity ?? 0 }) })),
      },
      caller,
    );
    reply.status(201);
    return this.one(id);
  }

  /**
   * Details, the gallery, and the variants table as a whole (rows with an id are edited, rows
   * without are added, variants not listed stop being sold). The old body's `price` prices a
   * one-variant product, and its `imageUrl` replaces the first picture. `status` publishes a draft
   * (`active`) or takes a product back to `draft`.
   */
  @Patch(':id')
  @ApiAnswers({ 200: adminProductSchema })
  async change(@Param('id', productId) id: number, @Body(new ZodPipe(productChangesBody)) body: z.infer<typeof productChangesBody>, @Caller() caller: RequestContext) {
    const { price, imageUrl, images, options, variants, status, ...details } = body;
    const state = await this.existing(id);
    const gallery = images ?? (imageUrl === undefined ? undefined : [imageUrl, ...state.images.slice(1)].filter(Boolean));
    const rows = variants?.map(variantInput) ?? (price === undefined ? undefined : [{ ...this.onlyVariant(state), priceCents: price }]);
    const edit = rows !== undefined || Object.values({ ...details, gallery }).some((v) => v !== undefined);
    if (edit) await this.products.run(id, { kind: 'ChangeProductDetails', changes: { ...details, images: gallery }, options: options ?? (rows && state.options), variants: rows }, caller);
    // After the edit: a draft published with its last changes is written to Square as it now is.
    if (status) await this.products.run(id, { kind: 'SetProductStatus', status }, caller);
    return this.one(id);
  }

  /** A one-variant product's stock; a product with several needs the variant's own route. */
  @Put(':id/stock')
  @ApiAnswers({ 200: adminProductSchema })
  async setStock(@Param('id', productId) id: number, @Body(new ZodPipe(stockBody)) body: z.infer<typeof stockBody>, @Caller() caller: RequestContext) {
    await this.products.run(id, { kind: 'SetStock', ...stockFrom(body) }, caller);
    return this.one(id);
  }

  @Put(':id/variants/:variantId/stock')
  @ApiAnswers({ 200: adminProductSchema })
  async setVariantStock(
    @Param('id', productId) id: number,
    @Param('variantId', variantId) variant: string,
    @Body(new ZodPipe(stockBody)) body: z.infer<typeof stockBody>,
    @Caller() caller: RequestContext,
  ) {
    await this.products.run(id, { kind: 'SetStock', variantId: variant, ...stockFrom(body) }, caller);
    return this.one(id);
  }

  private async existing(id: number): Promise<ExistingProduct> {
    const state = await this.products.load(id);
    if (!state.exists) throw notFound(`Product ${id} was not found.`);
    return state;
  }

  private onlyVariant(state: ExistingProduct): VariantInput {
    const live = liveVariants(state);
    if (live.length !== 1) throw conflict(`${state.name} comes in ${live.map((v) => v.name).join(', ')}: price each variant.`, 'VARIANT_REQUIRED', { productId: state.productId });
    const { variantId, options, sku, priceCents, imageUrl } = live[0];
    return { variantId, options, priceCents, ...(sku && { sku }), ...(imageUrl !== undefined && { imageUrl }) };
  }

  private async one(id: number): Promise<AdminProductDto> {
    const [[row], waiting] = await Promise.all([readProducts(this.orm.em as EntityManager, { id }), this.waiting.byVariant()]);
    if (!row) throw notFound(`Product ${id} was not found.`);
    return toAdminProductDto(row.product, row.variants, waiting);
  }
}
