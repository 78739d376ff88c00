import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf } from '@dark-circle/api-client';
import { shopperMessageOf } from '../api/refusals';
import { productsKey } from '../api/products';
import { useToast, type ToastOptions } from '../toast/toast-context';
import { removeCartItem, updateCartItemQuantity, type CartItem } from './cart-api';
import { useApplyCartChange } from './useApplyCartChange';

/** The checkout page's words for a removal; the embedded cart drawer has its own. */
const REMOVED_FROM_CHECKOUT: ToastOptions = { title: 'Item Removed', description: 'Item removed from cart.' };

const QUANTITY_FAILED = 'Failed to update item quantity.';

/** Codes whose message tells the shopper why (how many are left, the most one cart holds). */
const EXPLAINED = new Set(['OUT_OF_STOCK', 'INSUFFICIENT_STOCK', 'LINE_LIMIT']);

/** The shop's words for a refused quantity, followed by the server's reason when it has one for the shopper. */
function quantityRefusal(error: unknown): ToastOptions {
  const reason = EXPLAINED.has(apiErrorOf(error)?.code ?? '') ? shopperMessageOf(error) : undefined;
  return { title: 'Error', description: reason ? `${QUANTITY_FAILED} ${reason}` : QUANTITY_FAILED, variant: 'destructive' };
}

/** Per-item changes: a new quantity (0 removes) and remove. `removed` is the toast a removal shows. */
export function useCartItemActions(removed: ToastOptions = REMOVED_FROM_CHECKOUT) {
  const { toast } = useToast();
  const applyCartChange = useApplyCartChange();
  const queryClient = useQueryClient();

  const changeQuantity = useMutation({
    mutationFn: ({ item, quantity }: { item: CartItem; quantity: number }) => updateCartItemQuantity(item.id, quantity),
    onSuccess: applyCartChange,
    onError: (error) => {
      console.error('Failed to update item quantity', error);
      toast(quantityRefusal(error));
      // A refusal means the stock moved under the shopper: the limit on plus follows what the server holds now.
      void queryClient.invalidateQueries({ queryKey: productsKey });
    },
  });

  const remove = useMutation({
    mutationFn: (item: CartItem) => removeCartItem(item.id),
    onSuccess: (data) => {
      applyCartChange(data);
      toast(removed);
    },
    onError: (error) => {
      console.error('Failed to remove item', error);
      toast({ title: 'Error', description: 'Failed to remove item.', variant: 'destructive' });
    },
  });

  /** The item whose change is still under way, if any; its buttons wait for the answer. */
  const busyItemId = changeQuantity.isPending ? changeQuantity.variables?.item.id : remove.isPending ? remove.variables?.id : undefined;

  return {
    /** `onDone` runs after a successful change, e.g. to move focus off a row that is gone. */
    setQuantity: (item: CartItem, quantity: number, onDone?: () => void) => changeQuantity.mutate({ item, quantity }, { onSuccess: onDone }),
    remove: (item: CartItem, onDone?: () => void) => remove.mutate(item, { onSuccess: onDone }),
    busyItemId,
  };
}
