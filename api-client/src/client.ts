import createClient, { type ClientOptions } from 'openapi-fetch';
import { ApiError } from './api-error';
import type { paths } from './schema';

/** The typed client over the generated `paths`: `api.GET('/api/products/{id}', { params: { path: { id } } })`. */
export type ApiClient = ReturnType<typeof createClient<paths>>;

/** Where the API lives (`baseUrl`, '' for the page's own origin) and the fetch options every call takes (`credentials`). */
export function createApiClient(options: ClientOptions): ApiClient {
  return createClient<paths>(options);
}

/** What a call answers when the API accepted it. */
type DataOf<Result> = Result extends { error?: never; data: infer Data } ? Data : never;

/**
 * The answer of a call, or an ApiError when the API refused it: `await ok(api.GET('/api/site'))`.
 * openapi-fetch returns refusals as values; the apps handle them where they catch, as one error type.
 */
export async function ok<Result extends { data?: unknown; error?: unknown; response: Response }>(call: Promise<Result>): Promise<DataOf<Result>> {
  const { data, error, response } = await call;
  if (!response.ok) throw ApiError.of(response, error);
  return data as DataOf<Result>;
}
