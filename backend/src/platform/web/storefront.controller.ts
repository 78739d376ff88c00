import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { compressOnce, CompressedBody, sendCompressed } from './compressed-body';

/** Paths the storefront renders; anything else gets its 404 page with a 404 status. */
const STOREFRONT_ROUTES = [/^\/$/, /^\/product(\/[^/]*)?$/, /^\/cart$/, /^\/order-confirmation$/, /^\/fonts$/, /^\/(privacy|terms|shipping)$/];
const ADMIN_ROUTES = [/^\/admin(\/.*)?$/, /^\/inventory$/];

/**
 * The single-page apps' HTML for every path that is not an API call or a built file (those are
 * served by @fastify/static). Unknown `/api/*` paths stay JSON 404s.
 */
@Controller()
export class StorefrontController {
  private readonly pages = new Map<string, CompressedBody>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('*')
  page(@Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    const path = req.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/')) throw new NotFoundException(`Cannot GET ${path}`);
    const admin = ADMIN_ROUTES.some((r) => r.test(path));
    const html = this.html(admin ? this.config.ADMIN_DIR : this.config.STOREFRONT_DIR);
    if (html === undefined) {
      reply.status(503).type('text/plain').send('The storefront is not built yet: run `npm run build`.');
      return;
    }
    const known = admin || STOREFRONT_ROUTES.some((r) => r.test(path));
    sendCompressed(req, reply.status(known ? 200 : 404).header('cache-control', 'no-cache').type('text/html; charset=utf-8'), html);
  }

  /** index.html is read once; a missing build is looked for again on the next request. */
  private html(dir: string): CompressedBody | undefined {
    if (!this.pages.has(dir)) {
      try {
        this.pages.set(dir, compressOnce(readFileSync(join(dir, 'index.html'), 'utf8')));
      } catch {
        return undefined;
      }
    }
    return this.pages.get(dir);
  }
}
