import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { notFound } from '../platform/errors/domain-error';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { EmailImages } from './email-images';
import { productIdParam } from './product-id-param';

/**
 * `GET /email-images/<productId>.png`: the product's picture as the emails show it (`emailImageUrls`).
 * Only an id comes from the request; the file is the one the catalogue names for that product.
 */
// Pictures for mail clients, not an API: left out of the API description.
@ApiExcludeController()
@Controller('email-images')
export class EmailImagesController {
  constructor(private readonly images: EmailImages) {}

  @Get(':productId.png')
  async image(@Param('productId', new ZodPipe(productIdParam)) productId: number, @Res() reply: FastifyReply): Promise<void> {
    const image = await this.images.of(productId);
    if (!image) throw notFound(`Product ${productId} has no picture.`);
    // A day: a changed picture reaches the emails already sent by the next day.
    if ('redirect' in image) return void reply.header('cache-control', 'public, max-age=86400').redirect(image.redirect, 302);
    reply.header('cache-control', 'public, max-age=86400').type('image/png').send(image.png);
  }
}
