import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { NextFunction, Request, Response, Router } from 'express';

/** Paths the storefront app renders; anything else gets its 404 page with a 404 status. */
const STOREFRONT_ROUTES = [/^\/$/, /^\/product\/[^/]*$/, /^\/cart$/, /^\/order-confirmation$/, /^\/fonts$/];
const ADMIN_ROUTES = [/^\/admin(\/.*)?$/, /^\/inventory$/];

/**
 * Serves the built storefront and admin app beside the API: hashed assets cached for a year,
 * HTML never cached, and `/api/*` left alone so unknown API paths stay JSON 404s.
 */
export function storefrontRouter(storefrontDir: string, adminDir: string): Router {
  const router = Router();
  const assets = { index: false, redirect: false, maxAge: '1y', immutable: true } as const;
  router.use('/admin', express.static(adminDir, assets));
  router.use(express.static(storefrontDir, { ...assets, setHeaders: noCacheUnlessHashed }));
  router.get(/.*/, (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/api/') || req.path === '/api') return next();
    const admin = ADMIN_ROUTES.some((r) => r.test(req.path));
    const index = join(admin ? adminDir : storefrontDir, 'index.html');
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The storefront is not built yet: run `npm run build`.');
      return;
    }
    const known = admin || STOREFRONT_ROUTES.some((r) => r.test(req.path));
    res.status(known ? 200 : 404).setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}

/** Vite fingerprints files under /assets; everything else (images, icons) may change between releases. */
function noCacheUnlessHashed(res: Response, path: string): void {
  if (!path.includes(`${join('/', 'assets')}/`)) res.setHeader('Cache-Control', 'public, max-age=3600');
}
