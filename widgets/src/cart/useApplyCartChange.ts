import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CartWithItems } from './cart-api';
import { notifyCartUpdated } from './cart-events';
import { cartKey } from './useCart';

/**
 * After a change: show the cart the server answered with at once, then announce the change so every
 * view reloads it.
 */
export function useApplyCartChange(): (data: CartWithItems) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (data: CartWithItems) => {
      queryClient.setQueryData(cartKey(data.cart.sessionId), data);
      notifyCartUpdated();
    },
    [queryClient],
  );
}
