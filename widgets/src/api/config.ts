/**
 * Where the API lives. Same origin by default; an embedding page (the future `<dc-*>` web
 * components with an `api-base` attribute) calls setApiBase before rendering.
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
