/**
 * The SDK transport for a launch, and what it saw fail underneath the SDK's own error: the SDK
 * reports a stdio server that died as "Connection closed" and, over SSE, a refused connection
 * without its cause, while the process's exit status or the network error says what happened.
 */
import { SSEClientTransport, type SSEClientTransportOptions } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { AnswerBudget } from './answer-budget';
import type { Launch } from './launch';
import { ProcessGroupTransport, type ProcessEnd } from './process-group-transport';

export interface FailureEvidence {
  /** Why the command could not be started. */
  spawnError?: NodeJS.ErrnoException | undefined;
  /** How the server's process ended, when it ended by itself. */
  ended?: ProcessEnd | undefined;
  /** The last request that failed below HTTP (refused, TLS, DNS). */
  networkError?: unknown;
}

export interface Connection {
  transport: Transport;
  evidence(): FailureEvidence;
  /** The server's process, once a stdio server started; a remote server has none here. */
  serverPid(): number | undefined;
}

export function openConnection(
  launch: Launch,
  onStderr: (chunk: Buffer) => void,
  budget: AnswerBudget,
): Connection | Error {
  if (launch.transport === 'stdio') {
    const transport = new ProcessGroupTransport(launch, onStderr, budget);
    return {
      transport,
      evidence: () => ({ spawnError: transport.spawnError, ended: transport.ended }),
      serverPid: () => transport.pid,
    };
  }
  if (!URL.canParse(launch.url)) return new Error(`"${launch.url}" is not a valid URL.`);
  const url = new URL(launch.url);
  let networkError: unknown;
  const recordingFetch: FetchLike = async (input, init) => {
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      networkError = error;
      throw error;
    }
    return counted(response, budget);
  };
  const options = { requestInit: { headers: launch.headers }, fetch: recordingFetch };
  const transport =
    launch.transport === 'http'
      ? new StreamableHTTPClientTransport(url, options)
      : sseTransport(url, options);
  return { transport, evidence: () => ({ networkError }), serverPid: () => undefined };
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** `response` with its body counted against the check's budget, and cut off once over it. */
function counted(response: Response, budget: AnswerBudget): Response {
  // A 204 or 304 has no body, and a Response made with one would throw.
  if (response.body === null || NULL_BODY_STATUSES.has(response.status)) return response;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (budget.take(chunk.byteLength)) controller.enqueue(chunk);
        else controller.error(budget.signal.reason);
      },
    }),
  );
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}

// Entries of type `sse` still exist, and Claude Code still connects to them with this transport.
function sseTransport(url: URL, options: SSEClientTransportOptions): Transport {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above
  return new SSEClientTransport(url, options);
}
