import { createApiClient, type ApiClient } from '@dark-circle/api-client';
import { apiCredentials, getApiBase } from './config';

let current: { base: string; client: ApiClient } | undefined;

/**
 * The shop's API where `config` says it lives, with the credentials mode that goes with it. Made
 * again when an embedded element sets another base (before it renders), so no call goes elsewhere.
 */
export function api(): ApiClient {
  const base = getApiBase();
  if (current?.base !== base) current = { base, client: createApiClient({ baseUrl: base, credentials: apiCredentials() }) };
  return current.client;
}
