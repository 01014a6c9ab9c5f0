import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface Timing {
  /** Median wall time of one run, in milliseconds. */
  medianMs: number;
  /** The longest the event loop waited during any run, in milliseconds. */
  longestStallMs: number;
  /**
   * Of that kind of wait, the longest the main thread spent running rather than waiting for a core:
   * the stall the code itself caused, apart from a busy machine's (Linux schedstat, 1 ms samples).
   */
  longestRunMs: number;
  /** Median CPU time of this process (user + system, all threads) during one run, in milliseconds. */
  medianCpuMs: number;
}

/** Runs `task` `runs` times in a row (after `prepare`, untimed, before each) and times every run. */
export async function time(
  runs: number,
  task: () => unknown,
  prepare: (run: number) => void = () => undefined,
): Promise<Timing> {
  const durations: number[] = [];
  const cpuTimes: number[] = [];
  let longestStallMs = 0;
  let longestRunMs = 0;
  for (let run = 0; run < runs; run++) {
    prepare(run);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    const mainThread = watchMainThreadRuns();
    delay.enable();
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    await task();
    durations.push(performance.now() - start);
    const cpu = process.cpuUsage(cpuStart);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    delay.disable();
    // A synchronous task leaves the monitor no turn to measure: it then stalled for all of it.
    longestStallMs = Math.max(longestStallMs, delay.count === 0 ? (durations.at(-1) ?? 0) : delay.max / 1e6);
    longestRunMs = Math.max(longestRunMs, mainThread.stop());
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return { medianMs: median(durations), longestRunMs, longestStallMs, medianCpuMs: median(cpuTimes) };
}

/** Samples the main thread's CPU time every 1 ms turn; `stop` gives the most it ran between two turns. */
function watchMainThreadRuns(): { stop: () => number } {
  const onCpuNs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
  let previous = onCpuNs();
  let longestNs = 0;
  const sample = () => {
    const now = onCpuNs();
    longestNs = Math.max(longestNs, now - previous);
    previous = now;
  };
  const timer = setInterval(sample, 1);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return longestNs / 1e6;
    },
  };
}
