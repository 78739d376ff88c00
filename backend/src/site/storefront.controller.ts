import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Inject, NotFoundException, Optional, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { compressOnce, CompressedBody, sendCompressed } from '../platform/web/compressed-body';
import { StorefrontPages } from './storefront-pages';
import { ViteDevApps } from './vite-dev-apps';

/** Paths the storefront renders (besides those a module checks, `StorefrontPages`); anything else gets its 404 page with a 404 status. */
const STOREFRONT_ROUTES = [/^\/$/, /^\/product(\/[^/]*)?$/, /^\/cart$/, /^\/order-confirmation$/, /^\/fonts$/, /^\/(privacy|terms|shipping)$/, /^\/search$/];
const ADMIN_ROUTES = [/^\/admin(\/.*)?$/, /^\/inventory$/];

/** A product page the storefront can draw (it reads the id as a positive integer). */
const PRODUCT_PAGE = /^\/product\/([1-9]\d{0,15})$/;
/** A category's page (which slugs exist, the catalogue says through `StorefrontPages`). */
const CATEGORY_PAGE = /^\/shop\/([a-z][a-z-]{0,40})$/;

/**
 * The API answer a prerendered page draws first, fetched with the page instead of after its script
 * has run: the catalogue for the home page's grid, the product for its page. (The storefront's
 * fetches send credentials, hence `crossorigin=use-credentials`: otherwise the preload goes unused.)
 */
function dataFor(path: string): string[] {
  if (path === '/') return ['/api/products'];
  // A category's page also waits for the categories before it hydrates: its title is the category's label.
  if (CATEGORY_PAGE.test(path)) return ['/api/categories', '/api/products'];
  const product = PRODUCT_PAGE.exec(path)?.[1];
  return product ? [`/api/products/${product}`] : [];
}

/**
 * Pages the storefront's build drew ahead of time (`widgets/prerender.ts`), by path: each arrives
 * with its first render in the HTML. Every other storefront path gets the empty shell, index.html.
 */
function prerenderedPage(path: string): string | undefined {
  if (path === '/') return 'home';
  if (PRODUCT_PAGE.test(path)) return 'product';
  // Each category's page is drawn with its own title (`shop-patches`); a slug the build did not draw finds no file and gets the shell.
  const category = CATEGORY_PAGE.exec(path)?.[1];
  if (category) return `shop-${category}`;
  return /^\/(cart|fonts|privacy|terms|shipping|search)$/.exec(path)?.[1];
}

/**
 * The single-page apps' HTML for every path that is not an API call or a built file (those are
 * served by @fastify/static). Unknown `/api/*` paths stay JSON 404s.
 */
// The pages of the two apps, not an API: left out of the API description.
@ApiExcludeController()
@Controller()
export class StorefrontController {
  private readonly pages = new Map<string, CompressedBody>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly checkedPages: StorefrontPages,
    // Set under `npm run dev` only: the pages then come from Vite's dev servers, not the build.
    @Optional() @Inject(ViteDevApps) private readonly dev: ViteDevApps | null,
  ) {}

  @Get('*')
  async page(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const path = req.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/')) throw new NotFoundException(`Cannot GET ${path}`);
    const admin = ADMIN_ROUTES.some((r) => r.test(path));
    const known = admin || ((await this.checkedPages.exists(path)) ?? STOREFRONT_ROUTES.some((r) => r.test(path)));
    if (this.dev) {
      // No prerendered pages in development: each page is drawn by its script, as after any navigation.
      reply
        .status(known ? 200 : 404)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(await this.dev.html(req.url, admin));
      return;
    }
    const dir = admin ? this.config.ADMIN_DIR : this.config.STOREFRONT_DIR;
    const prerendered = admin ? undefined : prerenderedPage(path);
    const html = (prerendered && this.html(join(dir, 'prerendered', `${prerendered}.html`))) || this.html(join(dir, 'index.html'));
    if (html === undefined) {
      reply.status(503).type('text/plain').send('The storefront is not built yet: run `npm run build`.');
      return;
    }
    const data = prerendered ? dataFor(path) : [];
    if (data.length) reply.header('link', data.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(', '));
    sendCompressed(
      req,
      reply
        .status(known ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8'),
      html,
    );
  }

  /** Each page is read once; a missing build is looked for again on the next request. */
  private html(file: string): CompressedBody | undefined {
    if (!this.pages.has(file)) {
      try {
        this.pages.set(file, compressOnce(readFileSync(file, 'utf8')));
      } catch {
        return undefined;
      }
    }
    return this.pages.get(file);
  }
}
