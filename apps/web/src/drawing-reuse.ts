/**
 * The panel the server draws is a function of the page's first reads, and of the clock only where a
 * row words a sign-in's expiry ("expires in 5 min"): a page asked for again while nothing changed
 * (a reload, a second tab) gets the same drawing without drawing it again (about 4 ms of the
 * server's 8 for five servers, issue 43).
 */
import type { SentFirstReads } from './first-reads';

type Draw = (reads: SentFirstReads, signal: AbortSignal) => Promise<string>;

/**
 * Whether drawing these reads reads the clock: a signed-in server whose token expires
 * (sign-in/sign-in-health.ts). The kept checks ("checked 5 min ago") are not in the first reads, so
 * the server draws them as still loading; reads that carried them would have to count here too.
 */
export function drawingReadsClock(reads: SentFirstReads): boolean {
  return reads.list.servers.some((server) => server.authExpiresAt !== undefined);
}

/**
 * `draw`, reusing its last drawing for the same reads; drawn anew for other reads, for reads whose
 * drawing reads the clock, and after a drawing that failed or was stopped (nothing is kept then).
 */
export function reusingLastDrawing(draw: Draw): Draw {
  let last: { reads: string; html: string } | undefined;
  return async (reads, signal) => {
    if (drawingReadsClock(reads)) return draw(reads, signal);
    const key = JSON.stringify(reads);
    if (last?.reads === key) return last.html;
    const html = await draw(reads, signal);
    if (!signal.aborted) last = { reads: key, html };
    return html;
  };
}
