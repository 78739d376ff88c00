import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CartWithItems } from './cart-api';
import { notifyCartUpdated } from './cart-events';
import { useCartListeners } from './cart-listeners';
import { cartKey } from './useCart';

/**
 * After a change: show the cart the server answered with at once, then announce the change so every
 * view reloads it (and the listeners, an embedding page, hear of it).
 */
export function useApplyCartChange(): (data: CartWithItems) => void {
  const queryClient = useQueryClient();
  const { changed } = useCartListeners();
  return useCallback(
    (data: CartWithItems) => {
      queryClient.setQueryData(cartKey(data.cart.sessionId), data);
      notifyCartUpdated();
      changed?.(data);
    },
    [queryClient, changed],
  );
}
