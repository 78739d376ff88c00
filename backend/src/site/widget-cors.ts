import type { FastifyInstance } from 'fastify';

/** What the embedded elements load and call: their own files, the catalogue (products, category names), the cart, the newsletter. */
const WIDGET_PATHS = [/^\/widgets\//, /^\/api\/products(\/|$)/, /^\/api\/categories$/, /^\/api\/cart(\/|$)/, /^\/api\/newsletter\/subscribe$/];

/**
 * CORS for the pages that embed the widgets (`WIDGET_ORIGINS`): their origin is echoed back on the
 * widget paths only; any other origin gets no Access-Control-Allow-Origin, so its browser refuses
 * the answer. The widgets send no credentials, so none are allowed.
 */
export function allowWidgetOrigins(fastify: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  const widgetPath = (url: string) => WIDGET_PATHS.some((p) => p.test(url.split('?')[0]));

  fastify.addHook('onRequest', (req, reply, done) => {
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin) || !widgetPath(req.url)) return done();
    reply.header('access-control-allow-origin', origin);
    // A preflight (the JSON posts, PATCH, DELETE) is answered here, before any route.
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      reply
        .header('access-control-allow-methods', 'GET, POST, PATCH, DELETE')
        .header('access-control-allow-headers', 'Content-Type')
        .header('access-control-max-age', '600')
        .header('vary', 'Origin')
        .status(204)
        .send();
      return;
    }
    done();
  });

  // The answer depends on the Origin header, so a shared cache must keep one per origin.
  fastify.addHook('onSend', (req, reply, payload, done) => {
    if (widgetPath(req.url)) {
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/\borigin\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Origin` : 'Origin');
    }
    done(null, payload);
  });
}
