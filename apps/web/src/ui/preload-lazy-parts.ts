/** Waits for the browser to be idle after the first paint, then fetches every lazy part's code. */
export function preloadAfterFirstPaint(parts: readonly { preload: () => Promise<unknown> }[]): () => void {
  const start = () => {
    for (const part of parts) {
      // A failure is shown, with Retry, where the part is used; here it is only an early start.
      part.preload().catch(() => undefined);
    }
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(start, { timeout: 2000 });
    return () => {
      window.cancelIdleCallback(handle);
    };
  }
  const timer = window.setTimeout(start, 500);
  return () => {
    window.clearTimeout(timer);
  };
}
