/**
 * How a failure becomes an API error (docs/api.md#errors): one table from McpCoreError codes to tRPC codes
 * (and so HTTP statuses), a readable message for input that fails the rules, and the one error
 * envelope every error body has, whether a procedure failed or the HTTP host refused first.
 */
import type { McpCoreErrorCode } from '@mcp-admin/core';
import { describeIssues, isMcpCoreError, MAX_DESCRIBED_ISSUES } from '@mcp-admin/core';
import type { TRPC_ERROR_CODE_KEY, TRPCDefaultErrorShape } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { z, ZodError } from 'zod';

/**
 * AMBIGUOUS is a CONFLICT (409), not a BAD_REQUEST: the input is valid, but the config holds the
 * name in several scopes, and the caller resolves it by naming the scope. MANAGED_CONFIG too: the
 * input is valid, the machine's managed-mcp.json is what stands in the way; and CHANGED_SINCE: the
 * config changed under the request (a server re-added over a disabled one, or an undo of a server
 * that changed since, which would overwrite what changed), nothing is wrong with it.
 * LOGIN_IN_PROGRESS: another sign-in to the server runs. TOO_MANY_SIGN_INS is a 429 like a full
 * queue: nothing is wrong with the request, it can be made again once a sign-in ends. LINKED_FILE:
 * the project's settings file is a link, which the repository may have made; REJECTED_ELSEWHERE:
 * another settings file rejects the server, so an enable would change nothing Claude Code does.
 * REGISTRY_UNAVAILABLE is a BAD_GATEWAY (502): the MCP registry, not the request, failed.
 * KEYCHAIN_UNAVAILABLE is a SERVICE_UNAVAILABLE (503): the keychain (missing, locked, or without
 * the secret) stands in the way, not the request.
 */
const TRPC_CODE_BY_CORE_CODE = {
  INVALID_INPUT: 'BAD_REQUEST',
  CLI_FAILED: 'UNPROCESSABLE_CONTENT',
  CLI_NOT_FOUND: 'SERVICE_UNAVAILABLE',
  CLI_TIMEOUT: 'GATEWAY_TIMEOUT',
  QUEUE_FULL: 'TOO_MANY_REQUESTS',
  CONFIG_UNREADABLE: 'INTERNAL_SERVER_ERROR',
  VERIFY_FAILED: 'INTERNAL_SERVER_ERROR',
  NOT_FOUND: 'NOT_FOUND',
  AMBIGUOUS: 'CONFLICT',
  NEEDS_CONFIRMATION: 'PRECONDITION_FAILED',
  MANAGED_CONFIG: 'CONFLICT',
  LOGIN_IN_PROGRESS: 'CONFLICT',
  TOO_MANY_SIGN_INS: 'TOO_MANY_REQUESTS',
  CHANGED_SINCE: 'CONFLICT',
  WRITE_FAILED: 'INTERNAL_SERVER_ERROR',
  LINKED_FILE: 'CONFLICT',
  REJECTED_ELSEWHERE: 'CONFLICT',
  REGISTRY_UNAVAILABLE: 'BAD_GATEWAY',
  KEYCHAIN_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<McpCoreErrorCode, TRPC_ERROR_CODE_KEY>;

/** The API error for whatever a procedure failed with; errors the table does not know pass unchanged. */
export function toApiError(error: TRPCError): TRPCError {
  const { cause } = error;
  if (cause instanceof ZodError) {
    return new TRPCError({ code: 'BAD_REQUEST', message: describeIssues(cause), cause });
  }
  if (isMcpCoreError(cause)) {
    return new TRPCError({ code: TRPC_CODE_BY_CORE_CODE[cause.code], message: cause.message, cause });
  }
  return error;
}

/** tRPC's error shape plus what a caller needs to act on it: the rule breaches and the core's code. */
export function formatApiError(shape: TRPCDefaultErrorShape, error: TRPCError) {
  const { cause } = error;
  return {
    ...shape,
    data: {
      ...shape.data,
      // The issues the message describes, and no more: the rest would only make the body longer.
      zodError:
        cause instanceof ZodError
          ? z.flattenError(new ZodError(cause.issues.slice(0, MAX_DESCRIBED_ISSUES)))
          : null,
      coreCode: isMcpCoreError(cause) ? cause.code : null,
    },
  };
}

/**
 * The body of a refusal made before any procedure runs (401, 403, 404, 413), in the same shape
 * as a procedure's error, so the typed client and the panel read every error alike.
 */
export function refusalBody(code: TRPC_ERROR_CODE_KEY, message: string) {
  const error = new TRPCError({ code, message });
  const httpStatus = getHTTPStatusCodeFromError(error);
  const shape: TRPCDefaultErrorShape = {
    message,
    code: TRPC_ERROR_CODES_BY_KEY[code],
    data: { code, httpStatus },
  };
  return { httpStatus, body: { error: formatApiError(shape, error) } };
}
