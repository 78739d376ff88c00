import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../platform/errors/domain-error';
import { isUploadName, UPLOAD_STORAGE, UploadStorage } from '../platform/storage/upload-storage';
import { matchesEtag } from '../platform/web/etag';

const TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', avif: 'image/avif' };

/**
 * `GET /uploads/<name>`: an uploaded picture, from the uploads' storage, so every replica serves
 * what any of them stored. Names are content hashes: each is cached for a year.
 */
// Pictures, not an API: left out of the API description.
@ApiExcludeController()
@Controller('uploads')
export class UploadsController {
  constructor(@Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage) {}

  @Get(':name')
  async file(@Param('name') name: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const type = TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()];
    const bytes = type && isUploadName(name) ? await this.storage.get(name) : undefined;
    if (!bytes) throw notFound('There is no such upload.');
    const etag = `"${name}"`;
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
    if (matchesEtag(req.headers['if-none-match'], etag)) return void reply.status(304).send();
    reply.type(type).send(bytes);
  }
}
