/**
 * One GET of a JSON answer from a server nobody here controls, bounded: a deadline on the whole
 * exchange (headers and body), a byte cap counted as the body streams in (a lying or missing
 * Content-Length changes nothing), and a clear error for every way it can go wrong.
 */
import { formatDuration } from '../deadline';

export interface BoundedFetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** Why a fetch gave no usable answer; `status` is the HTTP status when there was one. */
export class FetchFailure extends Error {
  override readonly name = 'FetchFailure';
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

export async function fetchJson(url: URL, limits: BoundedFetchLimits): Promise<unknown> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new FetchFailure(`answered HTTP ${response.status}`, response.status);
    }
    const body = await readCapped(response, limits.maxBytes);
    try {
      return JSON.parse(body) as unknown;
    } catch {
      throw new FetchFailure('answered something that is not JSON');
    }
  } catch (error) {
    if (error instanceof FetchFailure) throw error;
    if (signal.aborted) throw new FetchFailure(`did not answer within ${formatDuration(limits.timeoutMs)}`);
    throw new FetchFailure(`could not be reached (${describeCause(error)})`);
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new FetchFailure(`answered more than ${maxBytes} bytes`);
  }
  if (response.body === null) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const read: { done: true; value?: Uint8Array } | { done: false; value: Uint8Array } = await reader.read();
    if (read.done) break;
    const { value } = read;
    received += value.byteLength;
    if (received > maxBytes) {
      // The rest is never downloaded.
      await reader.cancel().catch(() => undefined);
      throw new FetchFailure(`answered more than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

/** undici hides the reason (refused, DNS, TLS) in `cause`. */
function describeCause(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return cause instanceof Error ? cause.message : String(cause);
}
