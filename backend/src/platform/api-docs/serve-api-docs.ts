import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from '../config/app-config';
import { buildApiDocument } from './api-document';

export const API_DOCS_PATH = 'api/docs';

/**
 * The API description: Swagger UI at /api/docs, the OpenAPI JSON at /api/docs-json. The UI's
 * scripts and styles come from the shop itself (swagger-ui-dist, served by @nestjs/swagger), so the
 * shop's Content-Security-Policy holds on that page unchanged. Production serves it only with
 * API_DOCS=true: the description lists the admin routes too.
 */
export function serveApiDocs(app: NestFastifyApplication, config: AppConfig, sessionCookie: string): void {
  if (!config.apiDocs) return;
  SwaggerModule.setup(API_DOCS_PATH, app, () => buildApiDocument(app, sessionCookie), {
    jsonDocumentUrl: `${API_DOCS_PATH}-json`,
    raw: ['json'],
    customSiteTitle: 'The Dark Circle shop API',
  });
}
