import { useRef } from 'react';
import { useMutation, useQueryClient, type MutateOptions } from '@tanstack/react-query';
import { serverMessageOf } from '@dark-circle/api-client';
import { DASHBOARD } from '../dashboard/sales';
import { useToast } from '../toast/toast';
import { ORDERS } from './order-labels';

/**
 * A change to an order (a fulfilment step, a refund), sent by `send`: on success the order, the lists and the
 * dashboard are read again and a toast says what happened; on failure the API's message is shown.
 * One change at a time: a second click before the first is answered (a double click) is ignored,
 * since `isPending` disables the buttons only from the next render, after the second click.
 */
export function useOrderAction<Body, Answer>(send: (body: Body) => Promise<Answer>, done: (body: Body, answer: Answer) => { title: string; description?: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (answer, body) => {
      toast(done(body, answer));
      void client.invalidateQueries({ queryKey: [ORDERS] });
      void client.invalidateQueries({ queryKey: [DASHBOARD] });
      void client.invalidateQueries({ queryKey: ['/api/admin/products'] });
    },
    onError: (error) => toast({ title: 'Error', description: errorText(error), variant: 'destructive' }),
    onSettled: () => {
      inFlight.current = false;
    },
  });
  const mutate = (body: Body, options?: MutateOptions<Answer, Error, Body>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(body, options);
  };
  return { ...mutation, mutate };
}

export const errorText = (error: unknown) => serverMessageOf(error) ?? 'Failed to update the order';
