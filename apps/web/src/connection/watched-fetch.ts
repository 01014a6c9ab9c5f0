import { reportRequest } from './connection-state';
import { ServerUnreachableError } from './unreachable';

/**
 * The longest a change may take before the panel stops waiting: an edit is two CLI calls (each
 * killed by the server after 30 s by default), plus reading back and waiting its turn in the queue.
 * An import runs one CLI call per server, so it is given ten minutes.
 */
const CHANGE_TIMEOUT_MINUTES = 2;
const IMPORT_TIMEOUT_MINUTES = 10;

/**
 * `fetch` for the API: a change (POST) that gets no answer in time is given up with a clear error,
 * the browser's bare "Failed to fetch" is said in words, and every request tells the connection
 * state whether the server answered.
 */
export async function watchedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const isChange = init?.method === 'POST';
  // tRPC's links call it with the URL as a string.
  const isImport = typeof input === 'string' && input.includes('mcp.import');
  const minutes = isImport ? IMPORT_TIMEOUT_MINUTES : CHANGE_TIMEOUT_MINUTES;
  const signals = [init?.signal, isChange ? AbortSignal.timeout(minutes * 60_000) : null];
  try {
    const response = await fetch(input, {
      ...init,
      signal: AbortSignal.any(signals.filter((signal) => signal != null)),
    });
    reportRequest(true);
    return response;
  } catch (error) {
    if (init?.signal?.aborted === true) throw error;
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    if (!timedOut) reportRequest(false);
    // A change sent before the server went quiet may still have landed.
    const landing = 'A change sent may still land: the list and History will show it.';
    if (timedOut)
      throw new Error(`MCP Admin gave no answer within ${minutes} minutes. ${landing}`, { cause: error });
    throw new ServerUnreachableError(`MCP Admin could not be reached (is it still running?). ${landing}`, {
      cause: error,
    });
  }
}
