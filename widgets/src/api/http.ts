import { apiCredentials, apiUrl } from './config';

/** Any non-OK response becomes `Error("<status>: <body text or status text>")`. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/** The API's credentials mode (apiCredentials); a JSON body and content type only when there is a payload. */
export async function apiRequest(method: string, path: string, data?: unknown, signal?: AbortSignal): Promise<Response> {
  const hasBody = data !== undefined;
  const res = await fetch(apiUrl(path), {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: apiCredentials(),
    signal,
  });
  await throwIfNotOk(res);
  return res;
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await apiRequest('GET', path, undefined, signal);
  return (await res.json()) as T;
}

/** The HTTP status at the start of an error raised by these helpers, if any. */
export function httpStatusOf(error: unknown): number | undefined {
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : undefined;
}

/** The JSON error body (`{ statusCode, error, code, message, correlationId, details }`) an error from these helpers carries, if any. */
function errorBodyOf(error: unknown): { code?: unknown; message?: unknown; details?: unknown } | undefined {
  if (!(error instanceof Error)) return undefined;
  const body = /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1];
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A refused field's path at the start of a VALIDATION_FAILED message: "customerEmail: Please enter ...". */
const FIELD_PREFIX = /^([A-Za-z][A-Za-z0-9_.]*): /;

/**
 * The server's `message` for the shopper, if the error carries one. A validation message loses the
 * field's path it starts with ("customerEmail: "): the shopper reads words, not the API's field names.
 */
export function serverMessageOf(error: unknown): string | undefined {
  const body = errorBodyOf(error);
  if (typeof body?.message !== 'string' || !body.message.trim()) return undefined;
  return body.code === 'VALIDATION_FAILED' ? body.message.replace(FIELD_PREFIX, '') : body.message;
}

/** The request field a VALIDATION_FAILED refusal names ("customerEmail", "shippingAddress.zipCode"), if any. */
export function refusedFieldOf(error: unknown): string | undefined {
  const body = errorBodyOf(error);
  if (body?.code !== 'VALIDATION_FAILED' || typeof body.message !== 'string') return undefined;
  return FIELD_PREFIX.exec(body.message)?.[1];
}

/** The refusal's `details` (the right total, how many are left, ...), if any. */
export function errorDetailsOf(error: unknown): Record<string, unknown> | undefined {
  const details = errorBodyOf(error)?.details;
  return typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : undefined;
}

/**
 * The stable `code` of the server's refusal (`OUT_OF_STOCK`, `INSUFFICIENT_STOCK`, ...): what the
 * storefront branches on, since messages may be reworded at any time.
 */
export function errorCodeOf(error: unknown): string | undefined {
  const code = errorBodyOf(error)?.code;
  return typeof code === 'string' ? code : undefined;
}
