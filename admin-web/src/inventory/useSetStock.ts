import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ok, type AdminProduct, type AdminProductVariant, type RequestBody } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useToast } from '../toast/toast';

export const ADMIN_PRODUCTS = '/api/admin/products';

/** What a stock change says, of a product or of a variant alike: units on hand and, if chosen, the in-stock flag. */
type StockBody = RequestBody<'/api/admin/products/{id}/variants/{variantId}/stock', 'put'>;

/**
 * Units on hand and the in-stock flag, for a card and a table row alike: of one variant of a sized
 * product (`PUT /api/admin/products/{id}/variants/{variantId}/stock`), else of the product (`PUT /api/admin/products/{id}/stock`).
 */
export function useSetStock(product: AdminProduct, variant?: AdminProductVariant) {
  const client = useQueryClient();
  const toast = useToast();
  const id = String(product.id);
  return useMutation({
    mutationFn: (body: StockBody) =>
      variant
        ? ok(api.PUT('/api/admin/products/{id}/variants/{variantId}/stock', { params: { path: { id, variantId: variant.id } }, body }))
        : ok(api.PUT('/api/admin/products/{id}/stock', { params: { path: { id } }, body })),
    onSuccess: () => {
      toast({ title: 'Stock updated', description: 'Product inventory has been updated successfully' });
      void client.invalidateQueries({ queryKey: [ADMIN_PRODUCTS] });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to update stock levels', variant: 'destructive' }),
  });
}

/** A typed quantity as a whole number of units: anything else (empty, negative) counts as 0. */
export function unitsFrom(typed: string): number {
  const parsed = Number.parseInt(typed, 10);
  return Number.isNaN(parsed) || parsed < 0 ? 0 : parsed;
}

/** What the storefront shows: on sale only when marked in stock with units no checkout holds. */
export const onSale = (stock: { inStock: boolean; stockQuantity: number; reservedQuantity: number }) => stock.inStock && stock.stockQuantity - stock.reservedQuantity > 0;
