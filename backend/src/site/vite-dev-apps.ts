import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import type { OnApplicationShutdown } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

const repoRoot = resolve(__dirname, '../../..');

/**
 * The part of Vite's `ViteDevServer` (vite/dist/node/index.d.ts) the shop uses. Declared here
 * because the backend resolves types the CommonJS way (node10), which cannot see Vite's
 * exports-only types; Vite itself is loaded only when `npm run dev` asks for it.
 */
interface ViteDevServer {
  middlewares: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  transformIndexHtml(url: string, html: string, originalUrl?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * `npm run dev`: the storefront's and the admin app's Vite dev servers, in middleware mode inside
 * the shop's own HTTP server, so the browser sees one origin as it does in production (relative
 * `/api` calls, the sign-in cookie, the `Origin` check) and each app hot-reloads. Vite answers the
 * files it knows (modules, its client, public/); every other request goes on to the shop's routes,
 * and the page HTML is still chosen by the StorefrontController, from Vite's index.html.
 */
export class ViteDevApps implements OnApplicationShutdown {
  private closed?: Promise<void>;

  private constructor(
    private readonly storefront: ViteDevServer,
    private readonly admin: ViteDevServer,
    private readonly roots: { storefront: string; admin: string },
  ) {}

  /** Starts both dev servers; their hot-reload websockets share the shop's HTTP server (told apart by path: `/` and `/admin/`). */
  static async start(httpServer: Server, roots = { storefront: join(repoRoot, 'widgets'), admin: join(repoRoot, 'admin-web') }): Promise<ViteDevApps> {
    // Vite ships only ES modules; Node 20.19+ can require() them, which is what this import compiles
    // to. (A specifier held in a variable: the CommonJS type resolution cannot see Vite's types.)
    const vite: string = 'vite';
    const { createServer } = (await import(vite)) as { createServer(config: object): Promise<ViteDevServer> };
    const start = (root: string) =>
      createServer({
        root,
        // The configs' own `base` places the admin app under /admin/.
        appType: 'custom',
        clearScreen: false,
        logLevel: 'warn',
        server: { middlewareMode: true, hmr: { server: httpServer } },
      });
    const [storefront, admin] = await Promise.all([start(roots.storefront), start(roots.admin)]);
    return new ViteDevApps(storefront, admin, roots);
  }

  /**
   * Lets Vite answer first. Its HMR websockets must be closed before the HTTP server (which waits
   * for every connection), hence preClose.
   */
  serve(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (req, reply, done) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return done();
      const url = req.raw.url ?? '/';
      const vite = url === '/admin' || url.startsWith('/admin/') ? this.admin : this.storefront;
      // Vite strips its base from the URL before passing a request on; the shop's routes need it whole.
      vite.middlewares(req.raw, reply.raw, (error) => {
        req.raw.url = url;
        done(error as Error | undefined);
      });
    });
    fastify.addHook('preClose', (done) => void this.close().then(() => done(), done));
  }

  /** The app's index.html as Vite serves it in development (its client and React's refresh preamble added). */
  async html(url: string, admin: boolean): Promise<string> {
    const root = admin ? this.roots.admin : this.roots.storefront;
    const html = await readFile(join(root, 'index.html'), 'utf8');
    return (admin ? this.admin : this.storefront).transformIndexHtml(url, html);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  private close(): Promise<void> {
    this.closed ??= Promise.all([this.storefront.close(), this.admin.close()]).then(() => undefined);
    return this.closed;
  }
}
