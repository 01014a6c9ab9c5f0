/**
 * A check's deadline gives back the time its processes waited for a core, up to a bound: whatever
 * it waited, a check ends by 10 times its timeout (src/check/fair-deadline.ts). Small timeouts and
 * real timers: each lower bound is strict (the deadline never fires early), each upper bound is
 * loose (a loaded machine fires timers late).
 */
import { describe, expect, it } from 'vitest';

import { fairDeadline } from '../../src/check/fair-deadline';

const TIMEOUT_MS = 50;
/** How late a timer may fire on a loaded machine. */
const LATE_MS = 1500;

/** When the deadline aborted, in ms since `started`, and why; Infinity if not within `withinMs`. */
function aborted(
  signal: AbortSignal,
  started: number,
  withinMs: number,
): Promise<{ afterMs: number; reason: unknown }> {
  return new Promise((resolve) => {
    const giveUp = setTimeout(() => {
      resolve({ afterMs: Infinity, reason: undefined });
    }, withinMs);
    signal.addEventListener('abort', () => {
      clearTimeout(giveUp);
      resolve({ afterMs: performance.now() - started, reason: signal.reason });
    });
  });
}

describe('fairDeadline', () => {
  it('aborts a check with no waiting at its timeout, with a TimeoutError', async () => {
    const started = performance.now();
    const deadline = fairDeadline(TIMEOUT_MS, () => Promise.resolve(0));

    const { afterMs, reason } = await aborted(deadline.signal, started, TIMEOUT_MS + LATE_MS);
    deadline.clear();

    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(afterMs).toBeLessThan(TIMEOUT_MS + LATE_MS);
    expect(reason).toBeInstanceOf(DOMException);
    expect((reason as DOMException).name).toBe('TimeoutError');
  });

  it('gives back the time waited reports: a check that waited 200 ms aborts after its timeout and those 200 ms', async () => {
    const started = performance.now();
    const deadline = fairDeadline(TIMEOUT_MS, () => Promise.resolve(200));

    const { afterMs, reason } = await aborted(deadline.signal, started, TIMEOUT_MS + 200 + LATE_MS);
    deadline.clear();

    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUT_MS + 200);
    expect(afterMs).toBeLessThan(TIMEOUT_MS + 200 + LATE_MS);
    expect((reason as DOMException).name).toBe('TimeoutError');
  });

  it('ends a check that waited all the time by 10 times its timeout, and not before', async () => {
    const started = performance.now();
    // Every moment since the start was spent waiting for a core: without a bound it would never end.
    const deadline = fairDeadline(TIMEOUT_MS, () => Promise.resolve(performance.now() - started));

    const { afterMs, reason } = await aborted(deadline.signal, started, 10 * TIMEOUT_MS + LATE_MS);
    deadline.clear();

    expect(afterMs).toBeGreaterThanOrEqual(10 * TIMEOUT_MS);
    expect(afterMs).toBeLessThan(10 * TIMEOUT_MS + LATE_MS);
    expect((reason as DOMException).name).toBe('TimeoutError');
  });
});
