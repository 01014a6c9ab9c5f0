/**
 * How a failure of the core becomes an API error (SPEC §4): one table from McpCoreError codes
 * to tRPC codes (and so HTTP statuses), and a readable message for input that fails the rules.
 */
import type { McpCoreErrorCode } from '@mcp-admin/core';
import { isMcpCoreError } from '@mcp-admin/core';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

/**
 * AMBIGUOUS is a CONFLICT (409), not a BAD_REQUEST: the input is valid, but the config holds the
 * name in several scopes, and the caller resolves it by naming the scope.
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
} as const satisfies Record<McpCoreErrorCode, TRPC_ERROR_CODE_KEY>;

/** One line per issue, `field: rule` (e.g. `name: name may not start with "-"`), not a JSON dump. */
export function describeIssues(error: ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`))
    .join('; ');
}

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
