import { reportReachable } from './connection-state';

/**
 * The longest a change may take before the panel stops waiting: an edit is two CLI calls (each
 * killed by the server after 30 s by default), plus reading back and waiting its turn in the queue.
 */
export const CHANGE_TIMEOUT_MS = 120_000;
/** An import runs one CLI call per server, so it is given longer. */
const IMPORT_TIMEOUT_MS = 600_000;

/** Thrown instead of the browser's bare "Failed to fetch": what happened, in words. */
export class ServerUnreachableError extends Error {
  override name = 'ServerUnreachableError';
}

/**
 * `fetch` for the API: a change (POST) that gets no answer in time is given up with a clear error,
 * and every request tells the connection state whether the server answered.
 */
export async function watchedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const isChange = (init?.method ?? 'GET').toUpperCase() === 'POST';
  const url = input instanceof Request ? input.url : input.toString();
  const timeoutMs = url.includes('mcp.import') ? IMPORT_TIMEOUT_MS : CHANGE_TIMEOUT_MS;
  const signals = [init?.signal, isChange ? AbortSignal.timeout(timeoutMs) : undefined].filter(
    (signal) => signal != null,
  );
  try {
    const response = await fetch(input, { ...init, signal: AbortSignal.any(signals) });
    reportReachable(true);
    return response;
  } catch (error) {
    if (init?.signal?.aborted === true) throw error;
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ServerUnreachableError(
        `MCP Admin gave no answer within ${timeoutMs / 60_000} minutes, so the panel stopped waiting. The change may still land: the list and History show it once it does.`,
      );
    }
    reportReachable(false);
    throw new ServerUnreachableError(
      isChange
        ? 'MCP Admin could not be reached (is it still running?). If the change was sent before the connection dropped it may have landed: the list and History show it once the connection is back.'
        : 'MCP Admin could not be reached (is it still running?).',
    );
  }
}
