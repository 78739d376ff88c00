/**
 * Where the API lives. Same origin on the main site; the embedded `<dc-*>` elements set the shop's
 * origin (their `api-base`, by default where their script came from) before rendering.
 */
let apiBase = '';

export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
}

export function getApiBase(): string {
  return apiBase;
}

/** An absolute URL for an API path such as `/api/products`. */
export function apiUrl(path: string): string {
  return `${apiBase}${path}`;
}

/** Product images are root-relative paths on the shop's server, so they follow the API base too. */
export function assetUrl(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${apiBase}${url}` : url;
}

/**
 * The main site's calls carry its cookies (and match the page's `use-credentials` preloads); an
 * embedded element's calls to the shop carry none, so the shop's CORS needs no credentials.
 */
export function apiCredentials(): RequestCredentials {
  return apiBase ? 'omit' : 'include';
}
