import { QueryClient } from '@tanstack/react-query';

/** Defaults: never stale, no refetch on focus, no polling, no retries. Every query names its own fetch (through `api()`). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
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
