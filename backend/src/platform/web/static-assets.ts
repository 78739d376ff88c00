import { existsSync, mkdirSync } from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '../config/app-config';

/**
 * Serves the built files: Vite's fingerprinted /assets for a year, everything else (images,
 * icons) for an hour. Routes are registered per file at start-up (no per-request disk lookups).
 */
export function serveStaticAssets(app: NestFastifyApplication, config: AppConfig, uploadsDir: string): void {
  // @fastify/static 10 hands over the FastifyReply, though Nest's option types still describe a raw response.
  const setHeaders = (reply: unknown, path: string): void =>
    void (reply as FastifyReply).header('cache-control', /\/assets\//.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
  // preCompressed: the build writes .br and .gz beside each file; the one the browser accepts is sent.
  const common = { index: false as const, wildcard: false, cacheControl: false, preCompressed: true, setHeaders };
  if (existsSync(config.STOREFRONT_DIR)) app.useStaticAssets({ root: config.STOREFRONT_DIR, prefix: '/', ...common });
  if (existsSync(config.ADMIN_DIR)) app.useStaticAssets({ root: config.ADMIN_DIR, prefix: '/admin/', decorateReply: false, ...common });
  // Uploaded images arrive while the shop runs (so a wildcard route, looked up per request); their
  // names are content hashes, so each URL is cached for a year.
  mkdirSync(uploadsDir, { recursive: true });
  app.useStaticAssets({
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders: (reply: unknown) => void (reply as FastifyReply).header('cache-control', 'public, max-age=31536000, immutable'),
  });
}
