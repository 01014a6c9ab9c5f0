import type { AppRouter, RouterOutputs } from '@mcp-admin/api';
import { createTRPCReact, TRPCClientError } from '@trpc/react-query';

/** The React Query client of the API; the features call it only through their own hooks (`api.ts`). */
export const trpc = createTRPCReact<AppRouter>();

export type SystemInfo = RouterOutputs['system']['info'];
export type ServerEntry = RouterOutputs['mcp']['list']['servers'][number];
export type CheckResult = RouterOutputs['mcp']['check'];
export type ContextCost = RouterOutputs['mcp']['contextCost'];
export type HistoryEntry = RouterOutputs['mcp']['history'][number];
export type ProfileEntry = RouterOutputs['mcp']['profiles'][number];
export type ApplyProfileResult = RouterOutputs['mcp']['applyProfile'];
export type RunningSession = RouterOutputs['mcp']['sessions'][number];
export type CheckAllEvent =
  RouterOutputs['mcp']['checkAll'] extends AsyncIterable<infer Event> ? Event : never;

export type LoginEvent = RouterOutputs['mcp']['login'] extends AsyncIterable<infer Event> ? Event : never;

/** The HTTP status of a failed call, when the server answered. */
export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof TRPCClientError
    ? (error as TRPCClientError<AppRouter>).data?.httpStatus
    : undefined;
}

/** The core's error code of a failed call (`REJECTED_ELSEWHERE`, …), when the server gave one. */
export function coreCodeOf(error: unknown): string | null | undefined {
  return error instanceof TRPCClientError ? (error as TRPCClientError<AppRouter>).data?.coreCode : undefined;
}

/** A 4xx (no session, a project path that is not a directory) will not change by asking again. */
export function isClientError(error: Error): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}
