import { useSyncExternalStore } from 'react';
import { ok, type CartHandOver, type RestoredCart } from '@dark-circle/api-client';
import { api } from '../api/client';
import { shopperMessageOf } from '../api/refusals';
import { queryClient } from '../api/query-client';
import { notifyCartUpdated } from './cart-events';
import { rememberContact } from './saved-contact';
import { HAND_OVER_PARAM, readCartSessionId, storeCartSessionId } from './session';

/** The parameter a recovery email's restore link arrives with: its signed token. */
export const RESTORE_PARAM = 'restore';

/** Where a handed-over cart came from: another site's `<dc-cart>` Checkout, or a recovery email. */
export type HandOverKind = 'handover' | 'restore';

export type HandOverState =
  | { status: 'none' }
  | { status: 'pending'; kind: HandOverKind }
  | { status: 'done'; kind: HandOverKind; answer: RestoredCart | CartHandOver }
  | { status: 'failed'; kind: HandOverKind; message: string };

const NONE: HandOverState = { status: 'none' };
let state: HandOverState = NONE;
const listeners = new Set<() => void>();
const set = (next: HandOverState) => {
  state = next;
  listeners.forEach((l) => l());
};

/**
 * Before the first render: a cart handed over by a link (`?handover=` from the widgets' Checkout,
 * `?restore=` from a recovery email) is posted with this browser's own session id. The server
 * decides: a browser with no cart with items takes the handed-over cart (its session id is stored),
 * one with items keeps its cart and the other's lines are merged in, once. The token leaves the
 * address bar at once, so a copied address does not hand the cart on again.
 */
export function takeHandOver(): void {
  const url = new URL(window.location.href);
  const kind = url.searchParams.has(RESTORE_PARAM) ? 'restore' : url.searchParams.has(HAND_OVER_PARAM) ? 'handover' : undefined;
  if (!kind) return;
  const token = url.searchParams.get(kind)!;
  url.searchParams.delete(RESTORE_PARAM);
  url.searchParams.delete(HAND_OVER_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  set({ status: 'pending', kind });
  const body = { token, sessionId: readCartSessionId() ?? undefined };
  const call: Promise<RestoredCart | CartHandOver> = kind === 'restore' ? ok(api().POST('/api/cart/restore', { body })) : ok(api().POST('/api/cart/handover', { body }));
  call
    .then(async (answer) => {
      if (answer.sessionId !== readCartSessionId()) storeCartSessionId(answer.sessionId);
      // A recovery email's link brings the details the email went to, for the checkout form here.
      if ('contact' in answer && answer.contact) rememberContact(answer.contact);
      notifyCartUpdated();
      // The cart is shown once it holds what the note says (a merge changed the cart already shown).
      await queryClient.invalidateQueries({ queryKey: ['/api/cart'] });
      set({ status: 'done', kind, answer });
    })
    .catch((error: unknown) => set({ status: 'failed', kind, message: shopperMessageOf(error) ?? 'This link could not be opened. Your cart is as it was.' }));
}

/** The hand-over this page opened with, if any. The build's prerender knows of none. */
export function useHandOver(): HandOverState {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => state,
    () => NONE,
  );
}
