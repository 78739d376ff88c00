import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '../platform/config/app-config';

const YEAR = 'public, max-age=31536000, immutable';

/**
 * How long a built file may be cached, by its path under the build: fingerprinted files (Vite's
 * assets, the widgets' chunks) for a year; the widgets' script, whose name other sites' pages hold,
 * for five minutes and then revalidated by its ETag, so a deploy reaches them soon; the rest
 * (images, icons) for an hour.
 */
export function cacheControlFor(path: string): string {
  if (/^(assets|widgets\/chunks)\//.test(path)) return YEAR;
  if (path === 'widgets/dc-widgets.js') return 'public, max-age=300, must-revalidate';
  return 'public, max-age=3600';
}

/**
 * Serves the built files with cacheControlFor's lifetimes. Routes are registered per file at
 * start-up (no per-request disk lookups). Uploads are served from their storage (`UploadsController`).
 */
export function serveStaticAssets(app: NestFastifyApplication, config: AppConfig): void {
  // @fastify/static 10 hands over the FastifyReply, though Nest's option types still describe a raw response.
  const headersUnder =
    (root: string) =>
    (reply: unknown, path: string): void =>
      void (reply as FastifyReply).header(
        'cache-control',
        cacheControlFor(
          relative(root, path)
            .split(sep)
            .join('/')
            .replace(/\.(br|gz)$/, ''),
        ),
      );
  // preCompressed: the build writes .br and .gz beside each file; the one the browser accepts is sent
  // (and named here: its lifetime is the original file's).
  const common = { index: false as const, wildcard: false, cacheControl: false, preCompressed: true };
  const { STOREFRONT_DIR: storefront, ADMIN_DIR: admin } = config;
  if (existsSync(storefront)) app.useStaticAssets({ root: storefront, prefix: '/', setHeaders: headersUnder(storefront), ...common });
  if (existsSync(admin)) app.useStaticAssets({ root: admin, prefix: '/admin/', decorateReply: false, setHeaders: headersUnder(admin), ...common });
}
