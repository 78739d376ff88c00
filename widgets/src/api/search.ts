import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ok } from '@dark-circle/api-client';
import { api } from './client';

/** The longest `q` the server takes (it refuses longer with 400): the search fields stop there. */
export const SEARCH_MAX_LENGTH = 200;

export const searchKey = (q: string) => ['/api/products', 'search', q] as const;

/**
 * `GET /api/products?q=`: the products the words find, best first. Nothing is asked for blank
 * words; while the next answer is on its way the last one stays shown (results as the shopper types).
 */
export function useProductSearch(q: string) {
  const words = q.trim();
  return useQuery({
    queryKey: searchKey(words),
    queryFn: ({ signal }) => ok(api().GET('/api/products', { params: { query: { q: words } }, signal })),
    enabled: words.length > 0,
    placeholderData: keepPreviousData,
    // The catalogue moves: a search typed again a minute later is asked again.
    staleTime: 60_000,
    gcTime: 5 * 60_000,
  });
}

/** The results page's address for `q`. */
export const searchHref = (q: string) => `/search?${new URLSearchParams({ q: q.trim() })}`;
