/**
 * A time limit on work that may never finish by itself (a read from a stuck filesystem). The
 * caller gets an answer when the limit passes; the work is told to stop through its signal and
 * may still settle later, unobserved.
 */
export async function withDeadline<T>(
  work: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
  timeoutError: () => Error,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = timeoutError();
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  const working = work(controller.signal);
  // Once the deadline has answered, a later failure of the work is nobody's to handle.
  working.catch(() => undefined);
  try {
    return await Promise.race([working, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** `10 s` for whole seconds, else `250 ms`. */
export function formatDuration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
