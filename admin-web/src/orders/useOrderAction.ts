import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, serverMessageOf } from '../api/http';
import { DASHBOARD } from '../dashboard/sales';
import { useToast } from '../toast/toast';
import { ORDERS } from './order-labels';

/**
 * A change to an order (a fulfilment step, a refund): on success the order, the lists and the
 * dashboard are read again and a toast says what happened; on failure the API's message is shown.
 */
export function useOrderAction<Body, Answer = unknown>(orderId: string, path: string, done: (body: Body, answer: Answer) => { title: string; description?: string }) {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: Body) => apiRequest<Answer>('POST', `${ORDERS}/${orderId}/${path}`, body),
    onSuccess: (answer, body) => {
      toast(done(body, answer));
      void client.invalidateQueries({ queryKey: [ORDERS] });
      void client.invalidateQueries({ queryKey: [DASHBOARD] });
      void client.invalidateQueries({ queryKey: ['/api/admin/products'] });
    },
    onError: (error) => toast({ title: 'Error', description: errorText(error), variant: 'destructive' }),
  });
}

export const errorText = (error: unknown) => serverMessageOf(error) ?? 'Failed to update the order';
