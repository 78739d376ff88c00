import { apiUrl } from './config';

/** Any non-OK response becomes `Error("<status>: <body text or status text>")`. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/** Credentials always; a JSON body and content type only when there is a payload. */
export async function apiRequest(method: string, path: string, data?: unknown, signal?: AbortSignal): Promise<Response> {
  const hasBody = data !== undefined;
  const res = await fetch(apiUrl(path), {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: 'include',
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

/**
 * The `message` of a JSON error body (`{ statusCode, error, message, correlationId }`) carried by
 * an error from these helpers, if there is one.
 */
export function serverMessageOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const body = /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1];
  if (!body) return undefined;
  try {
    const message: unknown = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === 'string' && message.trim() ? message : undefined;
  } catch {
    return undefined;
  }
}
