import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

/** The demo host page and its own stylesheet and script (widgets/demo in the repository). */
const DEMO_DIR = resolve(__dirname, '../../../widgets/demo');
const FILES: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/demo.css': { file: 'demo.css', type: 'text/css; charset=utf-8' },
  '/demo.js': { file: 'demo.js', type: 'text/javascript; charset=utf-8' },
};

/**
 * The strictest policy a host page may reasonably set: the shop is allowed only to load scripts,
 * be called, show images and serve fonts; styles only from the page's own origin; nothing inline,
 * nothing evaluated. The widgets must work under it without a single violation.
 */
export function strictHostPolicy(shop: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' ${shop}`,
    `connect-src ${shop}`,
    `img-src 'self' ${shop} data: blob:`,
    `font-src ${shop}`,
    "style-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export interface WidgetDemo {
  url: string;
  close(): Promise<void>;
}

/**
 * Another site embedding the shop's widgets: a page on its own origin (the port makes it one),
 * with hostile global CSS, under strictHostPolicy. `shop` is the shop's origin.
 */
export async function startWidgetDemo({ port, host, shop }: { port: number; host?: string; shop: string }): Promise<WidgetDemo> {
  const bodies = Object.fromEntries(Object.entries(FILES).map(([path, { file }]) => [path, readFileSync(resolve(DEMO_DIR, file), 'utf8').replaceAll('%SHOP%', shop)]));
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const entry = FILES[path];
    if (!entry || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, { 'content-type': entry.type, 'content-security-policy': strictHostPolicy(shop), 'cache-control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : bodies[path]);
  });
  await new Promise<void>((done) => server.listen(port, host, done));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host ?? 'localhost'}:${bound}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
