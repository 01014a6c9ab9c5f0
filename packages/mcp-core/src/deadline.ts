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

/** Waits for `op` within what is left of a deadline's time. */
export type WaitWithin = <T>(op: Promise<T>) => Promise<T>;

/**
 * `withDeadline` whose clock runs only while the work waits through `waitWithin`: a file scanned
 * as it is read (config-file.ts) is given its time limit for reading, as when it was read whole
 * first, and not for the scanning in between, which hands the event loop turns of its own.
 */
export async function withWaitingDeadline<T>(
  work: (waitWithin: WaitWithin) => Promise<T>,
  timeoutMs: number,
  timeoutError: () => Error,
): Promise<T> {
  let spentMs = 0;
  let expiredWith: Error | undefined;
  let reject: (error: Error) => void = () => undefined;
  const expired = new Promise<never>((_resolve, rejectExpired) => {
    reject = rejectExpired;
  });
  const waitWithin: WaitWithin = async (op) => {
    if (expiredWith !== undefined) throw expiredWith;
    const start = performance.now();
    const timer = setTimeout(
      () => {
        expiredWith = timeoutError();
        reject(expiredWith);
      },
      Math.max(0, timeoutMs - spentMs),
    );
    try {
      return await op;
    } finally {
      clearTimeout(timer);
      spentMs += performance.now() - start;
    }
  };
  const working = work(waitWithin);
  // Once the deadline has answered, a later failure of the work is nobody's to handle.
  working.catch(() => undefined);
  return Promise.race([working, expired]);
}
