import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React adopts a page the build prerendered (and on the server), true after: what the
 * address's query says is read only then, so the first render matches the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
