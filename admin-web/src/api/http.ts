/** Any non-OK response becomes `Error("<status>: <body text or status text>")`, as the storefront's helpers do. */
async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/** Credentials always; a JSON body and content type only when there is a payload (FormData goes as is). */
export async function apiRequest<T>(method: string, path: string, data?: unknown): Promise<T> {
  const isForm = data instanceof FormData;
  const res = await fetch(path, {
    method,
    headers: data !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {},
    body: data === undefined ? undefined : isForm ? data : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const getJson = <T>(path: string) => apiRequest<T>('GET', path);

export function httpStatusOf(error: unknown): number | undefined {
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : undefined;
}

/** The server's `message` from an error raised above, if it carried one. */
export function serverMessageOf(error: unknown): string | undefined {
  const body = error instanceof Error ? /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1] : undefined;
  try {
    const message = body ? (JSON.parse(body) as { message?: unknown }).message : undefined;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}
