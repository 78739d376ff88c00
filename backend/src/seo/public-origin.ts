import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../platform/config/app-config';

/** The shop's public origin, which every absolute URL of the sitemap, robots.txt and the feed is on: PUBLIC_URL, else the address the request came in on. */
export function publicOrigin(config: Pick<AppConfig, 'PUBLIC_URL'>, req: FastifyRequest): string {
  return config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `${req.protocol}://${req.host}`;
}

/** A path or URL made absolute on the origin (an upload on a CDN keeps its own). */
export const absolute = (origin: string, pathOrUrl: string) => new URL(pathOrUrl, `${origin}/`).href;

/** A product's page, and one size's (`?variant=`, as the back-in-stock emails link it). */
export const productUrl = (origin: string, productId: number, variantId?: string) => `${origin}/product/${productId}${variantId ? `?variant=${encodeURIComponent(variantId)}` : ''}`;
