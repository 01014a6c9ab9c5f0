/** A failed check in words a person understands, and whether signing in would help. */
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { STATUS_CODES } from 'node:http';
import type { FailureEvidence } from './connection';
import type { Launch } from './launch';
import type { CheckResult } from './types';
import { errorText } from '../error-text';

// The SDK's own code for a connection that ended: the server did not answer with it.
const CONNECTION_CLOSED: number = ErrorCode.ConnectionClosed;

/** The request a check was waiting for. */
export type CheckStep = 'initialize' | 'tools/list';

export interface Failure {
  status: Exclude<CheckResult['status'], 'ok' | 'timeout'>;
  error: string;
}

export function describeFailure(
  error: unknown,
  { step, launch, evidence }: { step: CheckStep; launch: Launch; evidence: FailureEvidence },
): Failure {
  const failed = (message: string): Failure => ({ status: 'failed', error: message });
  const { spawnError, ended, networkError } = evidence;

  if (launch.transport === 'stdio') {
    if (spawnError !== undefined) return failed(cannotStart(launch.command, spawnError));
    if (ended !== undefined) {
      return failed(
        ended.code === null
          ? `The server was killed by ${ended.signal ?? 'a signal'} before it answered ${step}.`
          : `The server exited with code ${ended.code} before it answered ${step}.`,
      );
    }
  } else {
    const status = httpStatusOf(error);
    if (status === 401 || status === 403) {
      return {
        status: 'needs-auth',
        error: `The server answered ${status} ${STATUS_CODES[status] ?? ''}: it needs authentication (sign in, or the headers it expects).`,
      };
    }
    if (status !== undefined)
      return failed(`The server answered ${step} with HTTP ${status} ${STATUS_CODES[status] ?? ''}.`);
    if (networkError !== undefined) return failed(cannotConnect(new URL(launch.url), networkError));
  }
  if (error instanceof McpError && error.code !== CONNECTION_CLOSED) {
    return failed(`The server answered ${step} with an error: ${error.message}`);
  }
  return failed(errorText(error));
}

function cannotStart(command: string, error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOENT':
      return command.includes('/')
        ? `Command not found: ${command}`
        : `Command not found: ${command} (not on PATH)`;
    case 'EACCES':
      return `Permission denied: ${command} cannot be run`;
    default:
      return `Cannot start ${command}: ${error.message}`;
  }
}

// The SDK's HTTP errors carry the status as `code`; an SSE error without a status has none.
function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof StreamableHTTPError || error instanceof SseError)) return undefined;
  return error.code !== undefined && error.code >= 400 ? error.code : undefined;
}

/** fetch fails with a bare "fetch failed": the cause has the system's error code. */
function cannotConnect(url: URL, error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as NodeJS.ErrnoException).code ?? '';
  const message = errorText(cause);
  if (code === 'ECONNREFUSED') return `Connection refused by ${url.host}.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `Host not found: ${url.hostname}.`;
  if (code === 'ECONNRESET') return `The connection to ${url.host} was reset.`;
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT')
    return `Connecting to ${url.host} timed out.`;
  if (/^ERR_(SSL|TLS)_|CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) {
    const reason = (cause as { reason?: unknown }).reason;
    return `TLS error connecting to ${url.host}: ${typeof reason === 'string' ? reason : message}.`;
  }
  return `Cannot connect to ${url.host}: ${message}`;
}
