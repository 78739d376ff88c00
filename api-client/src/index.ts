/**
 * The shop's API as both front ends see it: the generated types (`schema.d.ts`, written by
 * `npm run api:types`), the one typed client over them, and the one error a refused call raises.
 */
export type * from './schema';
export type { RequestBody } from './request-body';
export { ApiError, apiErrorOf, serverMessageOf } from './api-error';
export { createApiClient, ok, type ApiClient } from './client';
