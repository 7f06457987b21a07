import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React takes over the server's copy of the page (and on the server), true from then on: what depends
 * on the reader's clock or time zone is drawn as the server drew it first, then as the reader's browser sees it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
