import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** Fastify's pattern: `/api/cart/:cartId/items`. */
  url: string;
  /** A route of @fastify/static, serving files: it marks them hidden from API descriptions (`schema.hide`). */
  servesFiles: boolean;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Records every route as it is registered (Fastify has no list to ask for afterwards), so that the
 * start-up log can name them and the fuzz test can try every one without being told about new ones.
 * Must be called before the routes are registered.
 */
export function recordRoutes(fastify: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(fastify, table);
  fastify.addHook('onRoute', (route) => {
    const servesFiles = (route.schema as { hide?: boolean } | undefined)?.hide === true;
    for (const method of [route.method].flat()) table.push({ method, url: route.url, servesFiles });
  });
}

/** The routes registered on this instance since `recordRoutes`, in registration order. */
export function routesOf(fastify: FastifyInstance): readonly RouteEntry[] {
  return tables.get(fastify) ?? [];
}
