import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Patch, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { notFound } from '../platform/errors/domain-error';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { matchesEtag } from '../platform/web/etag';
import { KnownVersion, knownVersionQuery } from '../platform/web/known-version';
import { RateLimitGuard } from '../platform/web/rate-limit';
import { CartReader } from './cart.reader';
import { CartVersions } from './cart-versions.cache';
import { CartService } from './cart.service';
import { addItemBody, contactBody, createCartBody, quantityBody, sessionIdParam, uuidParam } from './cart.schemas';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { cartResponseSchema } from './cart.responses';

const cartId = new ZodPipe(uuidParam('cart'));
const itemId = new ZodPipe(uuidParam('item'));
const etagOf = (cart: { id: string; version: number }) => `"${cart.id}.${cart.version}"`;

// Against naming strangers by the hundred: carts made, and contact details written, per client address.
const cartLimit = (max: (c: AppConfig) => number) => (c: AppConfig) => ({ max: max(c), windowSeconds: c.CART_RATE_LIMIT_WINDOW_SECONDS });
const CartsFromAddress = RateLimitGuard(
  'cart-create',
  cartLimit((c) => c.CART_RATE_LIMIT_PER_ADDRESS),
);
const ContactWritesFromAddress = RateLimitGuard(
  'cart-contact',
  cartLimit((c) => c.CONTACT_RATE_LIMIT_PER_ADDRESS),
);

@Controller('api/cart')
export class CartController {
  constructor(
    private readonly carts: CartService,
    private readonly reader: CartReader,
    private readonly versions: CartVersions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Polled every 2 s by every open storefront: a matching ETag is answered 304 from memory. The
   * storefront names the cart version it holds (`?version=`), so a replica that has not heard of a
   * change another replica answered reads the database rather than answer an older cart.
   */
  @Get(':sessionId')
  @ApiAnswers({ 200: cartResponseSchema, 304: 'empty' })
  async get(
    @Param('sessionId', new ZodPipe(sessionIdParam)) sessionId: string,
    @Query(new ZodPipe(knownVersionQuery)) known: KnownVersion,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const head = await this.versions.head(sessionId, known.version);
    if (!head) throw notFound('No cart for this session.');
    reply.header('cache-control', 'private, no-cache');
    if (matchesEtag(req.headers['if-none-match'], etagOf(head))) {
      reply.header('etag', etagOf(head)).status(304).send();
      return;
    }
    const cart = await this.reader.response(head.id);
    if (!cart) throw notFound('No cart for this session.');
    // The body read now may be newer than the version looked up: its tag is its own.
    reply.header('etag', etagOf(cart.cart)).send(cart);
  }

  @Post()
  @UseGuards(CartsFromAddress)
  @ApiAnswers({ 201: cartResponseSchema.shape.cart, 200: cartResponseSchema.shape.cart })
  async create(@Body(new ZodPipe(createCartBody)) body: z.infer<typeof createCartBody>, @Res({ passthrough: true }) reply: FastifyReply, @Caller() caller: RequestContext) {
    const { cart, created } = await this.carts.create(body.sessionId, caller);
    reply.status(created ? 201 : 200);
    return (await this.reader.response(cart.id))!.cart;
  }

  @Post(':cartId/items')
  @HttpCode(200)
  @ApiAnswers({ 200: cartResponseSchema })
  addItem(@Param('cartId', cartId) id: string, @Body(new ZodPipe(addItemBody)) body: z.infer<typeof addItemBody>, @Caller() caller: RequestContext) {
    return this.carts.addItem(id, body.productId, body.variantId, body.quantity, caller);
  }

  @Patch('items/:itemId')
  @ApiAnswers({ 200: cartResponseSchema })
  patchQuantity(@Param('itemId', itemId) id: string, @Body(new ZodPipe(quantityBody)) body: z.infer<typeof quantityBody>, @Caller() caller: RequestContext) {
    return this.carts.changeQuantity(id, body.quantity, caller);
  }

  /** The older storefront material uses PUT for the same change. */
  @Put('items/:itemId')
  @ApiAnswers({ 200: cartResponseSchema })
  putQuantity(@Param('itemId', itemId) id: string, @Body(new ZodPipe(quantityBody)) body: z.infer<typeof quantityBody>, @Caller() caller: RequestContext) {
    return this.carts.changeQuantity(id, body.quantity, caller);
  }

  @Delete('items/:itemId')
  @ApiAnswers({ 200: cartResponseSchema })
  removeItem(@Param('itemId', itemId) id: string, @Caller() caller: RequestContext) {
    return this.carts.removeItem(id, caller);
  }

  @Post(':cartId/clear')
  @HttpCode(200)
  @ApiAnswers({ 200: cartResponseSchema })
  clear(@Param('cartId', cartId) id: string, @Caller() caller: RequestContext) {
    return this.carts.clear(id, caller);
  }

  /**
   * The cart page's contact step says so (`source: "checkout"`). A page on another site that embeds
   * the widgets never shows that step, so from a widget origin the claim is not taken: its browser
   * cannot forge the Origin. A script can, which is why each address's own limits (one sequence at a
   * time, one email a day) are what hold whatever is claimed here.
   */
  @Patch(':cartId/contact')
  @UseGuards(ContactWritesFromAddress)
  @ApiAnswers({ 200: cartResponseSchema })
  giveContact(
    @Param('cartId', cartId) id: string,
    @Body(new ZodPipe(contactBody)) body: z.infer<typeof contactBody>,
    @Headers('origin') origin: string | undefined,
    @Caller() caller: RequestContext,
  ) {
    const atCheckout = body.source === 'checkout' && !(origin && this.config.widgetOrigins.includes(origin));
    return this.carts.giveContactDetails(id, body.name, body.email, atCheckout, caller);
  }
}
