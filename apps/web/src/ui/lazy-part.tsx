import { lazy, Suspense, useReducer, type ComponentType, type ReactNode } from 'react';
import { connectionLost } from './connection-lost';
import { fetchFailedStylesheetsAgain } from './failed-stylesheets';
import { importingAgain } from './import-again';
import { LoadFailureBoundary } from './LoadFailure';

/** Every part's early start: `preloadLazyParts` runs them once the first list is there. */
const preloads: (() => Promise<unknown>)[] = [];

/**
 * Fetches every lazy part's code a moment after it is called (once the first list has arrived), so
 * none is missing when first shown (a click right after load, or after the server went away).
 */
export function preloadLazyParts(): () => void {
  const timer = window.setTimeout(() => {
    // A failure is shown, with Retry, where the part is used; here it is only an early start.
    for (const preload of preloads) preload().catch(() => undefined);
  }, 300);
  return () => {
    window.clearTimeout(timer);
  };
}

/**
 * A lazily loaded part of the panel that cannot take the page down: while its code loads it shows
 * `fallback`; when the code cannot be fetched (the server stopped) it shows an alert with `Retry`,
 * which fetches it again. React.lazy remembers a failed load for good, so a retry makes a new one,
 * and so may the browser (./import-again.ts): `load` imports the module, `pick` takes the part from it.
 * A stylesheet that failed before (any part's) is asked for again first: Vite's loader never asks twice.
 */
export function lazyPart<Module, Props extends object>(
  what: string,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
  fallback: ReactNode = null,
): ComponentType<Props> {
  const importModule = importingAgain(load);
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= fetchFailedStylesheetsAgain()
      .then(importModule)
      .then(pick)
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
  preloads.push(preload);
  const newLazy = () => lazy(async () => ({ default: await preload() }));
  let Loaded = newLazy();

  function Part(props: Props) {
    const [, rerender] = useReducer((count: number) => count + 1, 0);
    const serverLost = connectionLost.use();
    return (
      <LoadFailureBoundary
        what={what}
        serverLost={serverLost}
        onRetry={() => {
          Loaded = newLazy();
          rerender();
        }}
      >
        <Suspense fallback={fallback}>
          <Loaded {...props} />
        </Suspense>
      </LoadFailureBoundary>
    );
  }
  return Part;
}
