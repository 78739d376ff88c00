import { useEffect } from 'react';

/** Dispatched on window after every cart change, so every view of the cart reloads. */
export const CART_UPDATED = 'cartUpdated';

export function notifyCartUpdated(): void {
  window.dispatchEvent(new Event(CART_UPDATED));
}

/** Calls `onUpdate` on every cartUpdated event while the component is mounted. */
export function useCartUpdated(onUpdate: (event: Event) => void): void {
  useEffect(() => {
    window.addEventListener(CART_UPDATED, onUpdate);
    return () => window.removeEventListener(CART_UPDATED, onUpdate);
  }, [onUpdate]);
}
