import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { notFound } from '../platform/errors/domain-error';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { CATEGORIES } from './categories';
import { CachedBody, ProductsCache } from './products.cache';

const productId = z
  .string()
  .regex(/^\d{1,9}$/, 'The product id must be a whole number.')
  .transform(Number);

@Controller('api')
export class ProductsController {
  constructor(private readonly cache: ProductsCache) {}

  @Get('products')
  async list(@Req() req: Request, @Res() res: Response): Promise<void> {
    send(req, res, await this.cache.list());
  }

  @Get('products/:id')
  async one(@Param('id', new ZodPipe(productId)) id: number, @Req() req: Request, @Res() res: Response): Promise<void> {
    const found = await this.cache.one(id);
    if (!found) throw notFound(`Product ${id} was not found.`);
    send(req, res, found.response);
  }

  @Get('categories')
  categories() {
    return CATEGORIES;
  }
}

/** Sends a cached JSON body, or 304 when the browser already holds this version. */
function send(req: Request, res: Response, { body, etag }: CachedBody): void {
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'no-cache');
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.type('application/json').send(body);
}
