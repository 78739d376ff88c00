import { Controller, HttpCode, PayloadTooLargeException, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AdminOnly } from '../auth/admin.guard';
import { invalid } from '../platform/errors/domain-error';
import { MAX_IMAGE_BYTES, ProductImages } from './product-images';

/** `POST /api/admin/uploads`: one image in a multipart field (any name), at most 5 MB. */
@Controller('api/admin/uploads')
@AdminOnly()
export class AdminImagesController {
  constructor(private readonly images: ProductImages) {}

  @Post()
  @HttpCode(201)
  async upload(@Req() req: FastifyRequest) {
    if (!req.isMultipart()) throw invalid('Send the image as multipart/form-data.');
    const file = await req.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
    if (!file) throw invalid('No image was sent.');
    let buffer: Buffer;
    try {
      buffer = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new PayloadTooLargeException({ message: 'The image is larger than 5 MB.', code: 'IMAGE_TOO_LARGE' });
      }
      throw error;
    }
    return this.images.store(buffer);
  }
}
