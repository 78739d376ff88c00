import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiCredentials, apiUrl } from './config';
import { throwIfNotOk } from './http';

type On401 = 'returnNull' | 'throw';

/** The default query fetches the URL in its key (segments joined by '/'). */
export function urlQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(apiUrl(queryKey.join('/')), { credentials: apiCredentials(), signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** Defaults: never stale, no refetch on focus, no polling, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: urlQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The one client the storefront (and later every widget on a page) shares. */
export const queryClient = createQueryClient();
