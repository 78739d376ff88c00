import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ok, serverMessageOf, type AdminProduct } from '@dark-circle/api-client';
import { api } from '../api/client';
import { useToast } from '../toast/toast';
import { ADMIN_PRODUCTS } from './useSetStock';

/** Publishes a draft (`PATCH /api/admin/products/{id}` with `status: active`): shoppers see it, and it goes to Square. */
export function usePublish(product: AdminProduct) {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => ok(api.PATCH('/api/admin/products/{id}', { params: { path: { id: String(product.id) } }, body: { status: 'active' } })),
    onSuccess: () => {
      toast({ title: 'Product published', description: `${product.name} is in the shop now.` });
      void client.invalidateQueries({ queryKey: [ADMIN_PRODUCTS] });
    },
    onError: (error) => toast({ title: 'Error', description: serverMessageOf(error) ?? `Failed to publish ${product.name}`, variant: 'destructive' }),
  });
}
