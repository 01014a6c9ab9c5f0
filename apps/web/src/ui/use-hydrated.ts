import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False while the page the server drew is not yet the browser's (on the server, and while React
 * hydrates it), true from then on and in a panel the browser drew itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
