import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface Timing {
  /** Median wall time of one run, in milliseconds. */
  medianMs: number;
  /** The longest the event loop waited during any run, in milliseconds. */
  longestStallMs: number;
}

/** Runs `task` `runs` times in a row (after `prepare`, untimed, before each) and times every run. */
export async function time(
  runs: number,
  task: () => unknown,
  prepare: (run: number) => void = () => undefined,
): Promise<Timing> {
  const durations: number[] = [];
  let longestStallMs = 0;
  for (let run = 0; run < runs; run++) {
    prepare(run);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const start = performance.now();
    await task();
    durations.push(performance.now() - start);
    delay.disable();
    // A synchronous task leaves the monitor no turn to measure: it then stalled for all of it.
    longestStallMs = Math.max(longestStallMs, delay.count === 0 ? (durations.at(-1) ?? 0) : delay.max / 1e6);
  }
  durations.sort((a, b) => a - b);
  return { medianMs: durations[Math.floor(durations.length / 2)] ?? 0, longestStallMs };
}
