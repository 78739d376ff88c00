import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { errorBodySchema } from '../errors/error-body';
import { ADMIN_SESSION } from './admin-session';
import { describeRequestsFromPipes } from './request-schemas';
import { namedSchemas, openApiSchema } from './zod-openapi';

/**
 * The API description, read from the app's controllers: requests from their `ZodPipe`s, answers
 * from their `ApiAnswers`. Errors have one body shape, so it is described once (`ErrorBody`) and
 * every operation refers to it as its `default` answer rather than each route listing its refusals.
 * `sessionCookie` is the admin session's cookie, which the sign-in (auth) names.
 */
export function buildApiDocument(app: INestApplication, sessionCookie: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('The Dark Circle shop API')
    .setDescription("The storefront's and the admin app's API. Every error answers with the one `ErrorBody` shape.")
    .setVersion('1')
    .addCookieAuth(sessionCookie, { type: 'apiKey', in: 'cookie', name: sessionCookie, description: 'The admin session, set by signing in at /api/auth/google' }, ADMIN_SESSION)
    .build();
  describeRequestsFromPipes(app);
  const document = SwaggerModule.createDocument(app, config);
  const errorBody = openApiSchema(errorBodySchema, 'output');
  const error = { description: 'The request was refused or failed: the one error body shape', content: { 'application/json': { schema: errorBody } } };
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      if (operation && typeof operation === 'object' && 'responses' in operation) operation.responses.default = error;
    }
  }
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...Object.fromEntries([...namedSchemas].sort(([a], [b]) => a.localeCompare(b))) } };
  return document;
}
