import { Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { StorefrontController } from './storefront.controller';
import { ViteDevApps } from './vite-dev-apps';

@Module({
  controllers: [StorefrontController],
  providers: [
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
})
export class WebModule {}
