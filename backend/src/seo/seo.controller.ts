import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProductsCache } from '../catalog';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { compressOnce, sendCompressed } from '../platform/web/compressed-body';
import { matchesEtag } from '../platform/web/etag';
import { MerchantFeedCache } from './merchant-feed.cache';
import { publicOrigin } from './public-origin';
import { robotsTxt, sitemapXml } from './sitemap';

/** What crawlers and Google Merchant Center fetch: files of their own formats, not an API, so left out of its description. */
@ApiExcludeController()
@Controller()
export class SeoController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly products: ProductsCache,
    private readonly feed: MerchantFeedCache,
  ) {}

  @Get('sitemap.xml')
  async sitemap(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { products } = await this.products.listed();
    sendCompressed(req, reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8'), compressOnce(sitemapXml(publicOrigin(this.config, req), products)));
  }

  @Get('robots.txt')
  robots(@Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(publicOrigin(this.config, req)));
  }

  /** Fetched often by Merchant Center: an unchanged feed is a 304 for the ETag it holds. */
  @Get('feeds/google-merchant.xml')
  async merchantFeed(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { body, etag } = await this.feed.get(publicOrigin(this.config, req));
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      reply.status(304).send();
      return;
    }
    sendCompressed(req, reply.type('application/xml; charset=utf-8'), body);
  }
}
