import { useMutation } from '@tanstack/react-query';
import { useToast, type ToastOptions } from '../toast/toast-context';
import { removeCartItem, updateCartItemQuantity, type CartItem } from './cart-api';
import { useApplyCartChange } from './useApplyCartChange';

/** The checkout page's words for a removal; the embedded cart drawer has its own. */
const REMOVED_FROM_CHECKOUT: ToastOptions = { title: 'Item Removed', description: 'Item removed from cart.' };

/** Per-item changes: a new quantity (0 removes) and remove. `removed` is the toast a removal shows. */
export function useCartItemActions(removed: ToastOptions = REMOVED_FROM_CHECKOUT) {
  const { toast } = useToast();
  const applyCartChange = useApplyCartChange();

  const changeQuantity = useMutation({
    mutationFn: ({ item, quantity }: { item: CartItem; quantity: number }) => updateCartItemQuantity(item.id, quantity),
    onSuccess: applyCartChange,
    onError: (error) => {
      console.error('Failed to update item quantity', error);
      toast({ title: 'Error', description: 'Failed to update item quantity.', variant: 'destructive' });
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
  const busyItemId = changeQuantity.isPending
    ? changeQuantity.variables?.item.id
    : remove.isPending
      ? remove.variables?.id
      : undefined;

  return {
    /** `onDone` runs after a successful change, e.g. to move focus off a row that is gone. */
    setQuantity: (item: CartItem, quantity: number, onDone?: () => void) => changeQuantity.mutate({ item, quantity }, { onSuccess: onDone }),
    remove: (item: CartItem, onDone?: () => void) => remove.mutate(item, { onSuccess: onDone }),
    busyItemId,
  };
}
