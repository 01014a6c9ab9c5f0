import { useSyncExternalStore } from 'react';

/**
 * Whether the panel can reach its server, as last seen by the live events stream or by any request.
 * One value for the whole page: every part reports what it saw, the banner shows it.
 */
let lost = false;
const listeners = new Set<() => void>();

export function reportReachable(reachable: boolean): void {
  if (lost === !reachable) return;
  lost = !reachable;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useConnectionLost(): boolean {
  return useSyncExternalStore(subscribe, () => lost);
}
