import type { AppRouter, RouterOutputs } from '@mcp-admin/api';
import {
  createTRPCReact,
  httpBatchLink,
  httpSubscriptionLink,
  splitLink,
  TRPCClientError,
} from '@trpc/react-query';
import { watchedFetch } from './connection/watched-fetch';
import { announceLink } from './toast/announce-link';

export const trpc = createTRPCReact<AppRouter>();

// Same origin: the session cookie the sign-in URL set goes along with every call, and with the
// EventSource that carries subscriptions. Calls go through `watchedFetch`: changes have a deadline,
// and a server that cannot be reached shows as a lost connection.
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      announceLink,
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({ url: '/trpc' }),
        false: httpBatchLink({ url: '/trpc', fetch: watchedFetch }),
      }),
    ],
  });
}

export type SystemInfo = RouterOutputs['system']['info'];
export type ServerEntry = RouterOutputs['mcp']['list']['servers'][number];
export type CheckResult = RouterOutputs['mcp']['check'];
export type HistoryEntry = RouterOutputs['mcp']['history'][number];
export type ProfileEntry = RouterOutputs['mcp']['profiles'][number];
export type ApplyProfileResult = RouterOutputs['mcp']['applyProfile'];
export type CheckAllEvent =
  RouterOutputs['mcp']['checkAll'] extends AsyncIterable<infer Event> ? Event : never;

export type LoginEvent = RouterOutputs['mcp']['login'] extends AsyncIterable<infer Event> ? Event : never;

/** The HTTP status of a failed call, when the server answered. */
export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof TRPCClientError
    ? (error as TRPCClientError<AppRouter>).data?.httpStatus
    : undefined;
}

/** A 4xx (no session, a project path that is not a directory) will not change by asking again. */
export function isClientError(error: Error): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}
