import { Controller, HttpCode, PayloadTooLargeException, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AdminOnly } from '../auth';
import { invalid } from '../platform/errors/domain-error';
import { FileTooLargeError, isMultipart, readOneFile } from '../platform/web/multipart-upload';
import { MAX_IMAGE_BYTES, ProductImages } from './product-images';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { z } from 'zod';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { storedImageSchema } from './catalog.responses';

/** `POST /api/admin/uploads`: one image in a multipart field (any name), at most 5 MB. */
@Controller('api/admin/uploads')
@AdminOnly()
export class AdminImagesController {
  constructor(private readonly images: ProductImages) {}

  @Post()
  @HttpCode(201)
  @ApiConsumes('multipart/form-data')
  // Read by hand from the stream (`readOneFile`), not through a pipe: one file, in a field of any name.
  @ApiBody({ schema: { type: 'object', properties: { image: { type: 'string', format: 'binary' } } } })
  @ApiAnswers({ 201: storedImageSchema })
  async upload(@Req() req: FastifyRequest): Promise<z.infer<typeof storedImageSchema>> {
    if (!isMultipart(req)) throw invalid('Send the image as multipart/form-data.');
    let buffer: Buffer | undefined;
    try {
      buffer = await readOneFile(req, MAX_IMAGE_BYTES);
    } catch (error) {
      if (error instanceof FileTooLargeError) throw new PayloadTooLargeException({ message: 'The image is larger than 5 MB.', code: 'IMAGE_TOO_LARGE' });
      throw error;
    }
    if (!buffer) throw invalid('No image was sent.');
    return this.images.store(buffer);
  }
}
