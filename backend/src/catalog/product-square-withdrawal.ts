import type { ProductEvent, WithdrawalReason } from './product.events';
import type { ProductState } from './product.state';

/**
 * Whether a product is sold online while its Square item is archived or deleted: it is not. A sync
 * that read the item so withdraws it; one that reads the item again (un-archived) restores it. Both
 * name the item they read: a product linked to another item since (written to Square again) is left
 * as it is, and a repeat records nothing.
 */
export function withdrawnInSquare(state: ProductState, squareItemId: string, reason: WithdrawalReason): ProductEvent[] {
  if (!state.exists || state.squareItemId !== squareItemId || state.withdrawnInSquare) return [];
  return [{ type: 'ProductWithdrawnInSquare', data: { squareItemId, reason } }];
}

export function restoredInSquare(state: ProductState, squareItemId: string): ProductEvent[] {
  if (!state.exists || state.squareItemId !== squareItemId || !state.withdrawnInSquare) return [];
  return [{ type: 'ProductRestoredInSquare', data: { squareItemId } }];
}
