/**
 * The process's resident memory from /proc (Linux), for tests and benchmarks that bound how much
 * a read may take: the peak (VmHWM) covers what was allocated and freed again in between.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** Sets the peak back to the current resident size (writing 5 to clear_refs). */
export function resetPeakRss(): void {
  writeFileSync('/proc/self/clear_refs', '5');
}

/** The peak resident size since the last reset, in bytes. */
export function peakRss(): number {
  return statusBytes('VmHWM');
}

/** The current resident size, in bytes. */
export function currentRss(): number {
  return statusBytes('VmRSS');
}

function statusBytes(field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  if (match?.[1] === undefined) throw new Error(`/proc/self/status has no ${field}`);
  return Number(match[1]) * 1024;
}
