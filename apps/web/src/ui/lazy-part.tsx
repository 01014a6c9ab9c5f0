import { lazy, Suspense, useReducer, type ComponentType, type ReactNode } from 'react';
import { LoadFailureBoundary } from './LoadFailure';

/** A component whose code is fetched on demand, shown inside its own Suspense and error boundary. */
export type LazyPart<Props> = ComponentType<Props> & {
  /** Starts fetching the code now (after the first paint), so it is there when first shown. */
  preload: () => Promise<unknown>;
};

/**
 * A lazily loaded part of the panel that cannot take the page down: while its code loads it shows
 * `fallback`; when the code cannot be fetched (the server stopped) it shows an alert with `Retry`,
 * which fetches it again. React.lazy remembers a failed load for good, so a retry makes a new one.
 */
export function lazyPart<Props extends object>(
  what: string,
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
): LazyPart<Props> {
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const newLazy = () => lazy(async () => ({ default: await preload() }));
  let Loaded = newLazy();

  function Part(props: Props) {
    const [, rerender] = useReducer((count: number) => count + 1, 0);
    return (
      <LoadFailureBoundary
        what={what}
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
  return Object.assign(Part, { preload });
}
