import { useQuery } from '@tanstack/react-query';
import { getJson } from './http';
import type { Product } from './schema';

export const productsKey = ['/api/products'] as const;
export const productKey = (id: number) => ['/api/products', id] as const;

export function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  return getJson<Product[]>('/api/products', signal);
}

export function fetchProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return getJson<Product>(`/api/products/${id}`, signal);
}

/** The product list is cached for 5 minutes and collected after 10. */
export function useProducts() {
  return useQuery({
    queryKey: productsKey,
    queryFn: ({ signal }) => fetchProducts(signal),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
  });
}

/** One product; ids of 0 or less are never fetched (the page shows "not found"). */
export function useProduct(id: number) {
  return useQuery({
    queryKey: productKey(id),
    queryFn: ({ signal }) => fetchProduct(id, signal),
    enabled: id > 0,
  });
}
