import { Global, Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { StorefrontController } from './storefront.controller';
import { StorefrontPages } from './storefront-pages';
import { ViteDevApps } from './vite-dev-apps';

/**
 * Site hosting: the storefront's and the admin app's pages (built, or from Vite's dev servers under
 * `npm run dev`), and the registry through which a module says whether a page's path names something
 * that exists. Global, so a module registers its pages without importing this one (which must stay
 * last among the app's modules: its catch-all route is the fallback behind every API route).
 */
@Global()
@Module({
  controllers: [StorefrontController],
  providers: [
    StorefrontPages,
    {
      // `npm run dev` (DEV_SERVER=true): the apps from Vite's dev servers; otherwise none, and the built files are served.
      provide: ViteDevApps,
      inject: [APP_CONFIG, HttpAdapterHost],
      useFactory: async (config: AppConfig, host: HttpAdapterHost): Promise<ViteDevApps | null> => {
        if (!config.DEV_SERVER) return null;
        const adapter = host.httpAdapter as unknown as ReturnType<NestFastifyApplication['getHttpAdapter']>;
        const vite = await ViteDevApps.start(adapter.getHttpServer());
        vite.serve(adapter.getInstance() as unknown as FastifyInstance);
        return vite;
      },
    },
  ],
  exports: [StorefrontPages],
})
export class SiteModule {}
