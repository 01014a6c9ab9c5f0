import { useSyncExternalStore } from 'react';

/** One value for the whole page that any module may set and any component may show. */
export interface SharedValue<T> {
  get: () => T;
  set: (value: T) => void;
  use: () => T;
}

export function sharedValue<T>(initial: T): SharedValue<T> {
  let current = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    get: () => current,
    set(value) {
      if (Object.is(value, current)) return;
      current = value;
      for (const listener of listeners) listener();
    },
    // A page the server drew starts from the initial value, on the server and while it hydrates.
    use: () =>
      useSyncExternalStore(
        subscribe,
        () => current,
        () => initial,
      ),
  };
}
