import type { Server } from '../config';
import { inCompletionOrder } from './completion-order';
import type { CheckAllEvent, CheckResult } from './types';

/**
 * Checks every server at once (how many run together is the `check` function's business) and
 * yields each result as it arrives. Ends quietly once `signal` aborts, and stops the checks still
 * running when the caller stops reading.
 */
export async function* checkEach(
  servers: readonly Server[],
  check: (server: Server, signal: AbortSignal) => Promise<CheckResult>,
  signal: AbortSignal,
): AsyncGenerator<CheckAllEvent, void> {
  const stop = new AbortController();
  const until = AbortSignal.any([signal, stop.signal]);
  const total = servers.length;
  const runs = servers.map(async (server): Promise<CheckAllEvent> => {
    const { name, scope, source } = server;
    const result = await check(server, until);
    return source === undefined ? { name, scope, result, total } : { name, scope, source, result, total };
  });
  try {
    yield* inCompletionOrder(runs);
  } catch (error) {
    if (!until.aborted) throw error;
  } finally {
    stop.abort();
  }
}
