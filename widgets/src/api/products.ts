import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ok, type Product, type ProductOption, type ProductVariant } from '@dark-circle/api-client';
import { api } from './client';
import { knownVersion } from './known-version';

export type { Product, ProductOption, ProductVariant };

export const productsKey = ['/api/products'] as const;
export const productKey = (id: number) => ['/api/products', id] as const;

/** `known`: the catalogue version the storefront holds (the sum of its list's product versions). */
export function fetchProducts(signal?: AbortSignal, known?: number): Promise<Product[]> {
  return ok(api().GET('/api/products', { params: { query: knownVersion(known) }, signal }));
}

/** `known`: the product's version the storefront holds. */
export function fetchProduct(id: number, signal?: AbortSignal, known?: number): Promise<Product> {
  return ok(api().GET('/api/products/{id}', { params: { path: { id: String(id) }, query: knownVersion(known) }, signal }));
}

/** The catalogue version of the list held: it moves on with every change to any product. */
function heldCatalogVersion(client: QueryClient): number | undefined {
  return client.getQueryData<Product[]>(productsKey)?.reduce((sum, product) => sum + product.version, 0);
}

/** The newest version of the product held, from its own page or from the list. */
function heldProductVersion(client: QueryClient, id: number): number | undefined {
  const versions = [client.getQueryData<Product>(productKey(id))?.version, client.getQueryData<Product[]>(productsKey)?.find((p) => p.id === id)?.version];
  const known = versions.filter((v) => v !== undefined);
  return known.length ? Math.max(...known) : undefined;
}

/** The product list is cached for 5 minutes and collected after 10. */
export function useProducts() {
  return useQuery({
    queryKey: productsKey,
    queryFn: ({ signal, client }) => fetchProducts(signal, heldCatalogVersion(client)),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
  });
}

/** One product; ids of 0 or less are never fetched (the page shows "not found"). */
export function useProduct(id: number) {
  return useQuery({
    queryKey: productKey(id),
    queryFn: ({ signal, client }) => fetchProduct(id, signal, heldProductVersion(client, id)),
    enabled: id > 0,
  });
}

/** Asks for an email when the variant is back; the address confirms by a link first (202). */
export async function notifyWhenBack(productId: number, variantId: string, email: string): Promise<void> {
  await ok(api().POST('/api/products/{id}/variants/{variantId}/notify', { params: { path: { id: String(productId), variantId } }, body: { email } }));
}
