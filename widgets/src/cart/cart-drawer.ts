import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Which cart button's drawer is open, shared by every React root of the page: the main site's
 * header, or the `<dc-cart>` elements of a host page (each element is a root of its own, so this is
 * module state, as the cart's query client is). The notification after an add opens it through
 * `openCartDrawer`.
 */
let openedBy: string | null = null;
const buttons: string[] = [];
const subscribers = new Set<() => void>();
// Not useId: each element of a host page is a React root of its own, and two roots' ids can be equal.
let nextButton = 1;

function setOpenedBy(next: string | null) {
  openedBy = next;
  for (const notify of subscribers) notify();
}

function subscribe(notify: () => void) {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** Whether the page has a cart button whose drawer an add's notification can open. */
export function hasCartDrawer(): boolean {
  return buttons.length > 0;
}

/** Opens the first cart button's drawer; false when the page has none. */
export function openCartDrawer(): boolean {
  const first = buttons[0];
  if (first) setOpenedBy(first);
  return Boolean(first);
}

/** A cart button's view of the store: whether its drawer is open, and how to open and close it. */
export function useCartDrawer() {
  const [id] = useState(() => `cart-button-${nextButton++}`);
  useEffect(() => {
    buttons.push(id);
    return () => {
      buttons.splice(buttons.indexOf(id), 1);
      if (openedBy === id) setOpenedBy(null);
    };
  }, [id]);
  const current = useSyncExternalStore(
    subscribe,
    () => openedBy,
    () => null,
  );
  return { open: current === id, show: () => setOpenedBy(id), close: () => setOpenedBy(null) };
}
