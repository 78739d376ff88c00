import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ok, type AdminProduct, type RequestBody } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useToast } from '../toast/toast';

export const ADMIN_PRODUCTS = '/api/admin/products';

/** Units on hand and the in-stock flag (`PUT /api/admin/products/{id}/stock`), for a card and a table row alike. */
export function useSetStock(product: AdminProduct) {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: RequestBody<'/api/admin/products/{id}/stock', 'put'>) => ok(api.PUT('/api/admin/products/{id}/stock', { params: { path: { id: String(product.id) } }, body })),
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
