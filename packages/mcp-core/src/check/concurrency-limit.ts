/** At most `max` tasks run at once; the others wait their turn in order of arrival. */
export interface ConcurrencyLimit {
  /** Runs `task` once a slot is free; a task whose signal aborts while it waits never runs. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

export function createConcurrencyLimit(max: number): ConcurrencyLimit {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function acquire(signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    if (running < max) {
      running++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        waiting.splice(waiting.indexOf(wake), 1);
        reject(signal?.reason as Error);
      };
      const wake = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      waiting.push(wake);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  // A finished task hands its slot straight to the next in line, so `running` counts both.
  function release(): void {
    const next = waiting.shift();
    if (next === undefined) running--;
    else next();
  }

  return {
    async run(task, signal) {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
