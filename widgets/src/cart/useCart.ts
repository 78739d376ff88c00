import { useCallback, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchCart, type CartItem, type CartWithItems } from './cart-api';
import { CART_UPDATED, useCartUpdated } from './cart-events';
import { readCartSessionId } from './session';

/** The header polls the cart every 2 seconds. */
export const CART_POLL_MS = 2000;

/** The query key is the URL's segments, so each session has its own entry. */
export const cartKey = (sessionId: string | null) => ['/api/cart', sessionId] as const;

/**
 * The session id, re-read when the cart changes (the first add creates it) or another tab sets it.
 * `undefined` while React adopts the build's prerendered HTML: the build could not read this
 * browser's storage, so the cart is "still loading" there rather than empty.
 */
export function useCartSessionId(): string | null | undefined {
  return useSyncExternalStore(subscribeToSession, knownSessionId, () => undefined);
}

/**
 * The session id as the views know it: read once, then only on those events, not on every render.
 * A first add keeps its new id before the cart exists; a view re-rendered in between would ask
 * for that cart and get a 404.
 */
let known: string | null | undefined;
const knownSessionId = () => (known === undefined ? (known = readCartSessionId()) : known);

function subscribeToSession(onChange: () => void): () => void {
  const reread = () => {
    known = readCartSessionId();
    onChange();
  };
  window.addEventListener(CART_UPDATED, reread);
  window.addEventListener('storage', reread);
  return () => {
    window.removeEventListener(CART_UPDATED, reread);
    window.removeEventListener('storage', reread);
  };
}

/** cartUpdated events already answered with a refetch. */
const reloaded = new WeakSet<Event>();

export interface UseCart {
  sessionId: string | null;
  /** The cart with its items; null when there is none yet (no session, or a 404). */
  data: CartWithItems | null;
  items: CartItem[];
  /** Sum of quantities, the number on the header badge. */
  itemCount: number;
  /** True while a first load is under way (or the session is not read yet); a browser with no session never loads. */
  loading: boolean;
  error: Error | null;
}

/** The current session's cart. `poll` is for the one always-mounted view, the header. */
export function useCart({ poll = false }: { poll?: boolean } = {}): UseCart {
  const sessionId = useCartSessionId();
  const query = useQuery({
    queryKey: cartKey(sessionId ?? null),
    // The version held names what this browser was last answered: after a change, the change's own answer.
    queryFn: ({ signal, client, queryKey }) => (sessionId ? fetchCart(sessionId, signal, client.getQueryData<CartWithItems | null>(queryKey)?.cart.version) : null),
    enabled: typeof sessionId === 'string',
    refetchInterval: poll ? CART_POLL_MS : false,
  });

  const { refetch } = query;
  useCartUpdated(
    useCallback(
      (event: Event) => {
        // A brand-new session needs no refetch: its key is new (filled by the add, or loaded on first
        // use). Every view of the cart shares one query, so one refetch per event serves them all.
        if (!sessionId || reloaded.has(event)) return;
        reloaded.add(event);
        void refetch();
      },
      [sessionId, refetch],
    ),
  );

  const data = query.data ?? null;
  const items = data?.items ?? [];
  return {
    sessionId: sessionId ?? null,
    data,
    items,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    loading: sessionId === undefined || (sessionId !== null && query.isPending),
    error: query.error,
  };
}
