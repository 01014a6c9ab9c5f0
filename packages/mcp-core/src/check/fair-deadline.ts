/**
 * A check's deadline that does not count the time its processes waited for a CPU: all servers
 * start at once, and one that is slow only because the others hold the cores gets the time it
 * lost instead of timing out (docs/api.md#mcpcheckall). A server that waits on the network, or
 * spins alone, loses nothing and times out on time.
 */

/** However long it waited for cores, a check ends by this many times its timeout. */
const MAX_STRETCH = 10;
/** The shortest re-arm of the deadline, so that a stream of tiny credits is not read for each. */
const MIN_REARM_MS = 25;

export interface FairDeadline {
  /** Aborts (a `TimeoutError`) once the check has had `timeoutMs` of its own time. */
  signal: AbortSignal;
  /** Stops the timer once the check is over. */
  clear(): void;
}

/**
 * `waited` tells how long the check's processes have waited for a CPU so far; it is read only
 * when the time is up, and each time the time given back is up again.
 */
export function fairDeadline(timeoutMs: number, waited: () => Promise<number>): FairDeadline {
  const controller = new AbortController();
  const started = performance.now();
  const mostCredit = (MAX_STRETCH - 1) * timeoutMs;
  let credit = 0;
  let timer: NodeJS.Timeout | undefined;

  function arm(ms: number): void {
    timer = setTimeout(() => void expire(), ms);
    timer.unref();
  }

  async function expire(): Promise<void> {
    const lost = await waited().catch(() => credit);
    if (timer === undefined) return;
    credit = Math.min(Math.max(credit, lost), mostCredit);
    const left = timeoutMs + credit - (performance.now() - started);
    if (left > 0) arm(Math.max(left, MIN_REARM_MS));
    else controller.abort(new DOMException(`The check timed out after ${timeoutMs} ms`, 'TimeoutError'));
  }

  arm(timeoutMs);
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
