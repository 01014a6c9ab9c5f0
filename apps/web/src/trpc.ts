import type { AppRouter } from '@mcp-admin/server';
import type { inferRouterOutputs } from '@trpc/server';
import { createTRPCReact, httpBatchLink, type TRPCClientErrorLike } from '@trpc/react-query';

export const trpc = createTRPCReact<AppRouter>();

// Same origin: the session cookie the sign-in URL set goes along with every call.
export function createTrpcClient() {
  return trpc.createClient({ links: [httpBatchLink({ url: '/trpc' })] });
}

type RouterOutputs = inferRouterOutputs<AppRouter>;
export type SystemInfo = RouterOutputs['system']['info'];
export type ServerEntry = RouterOutputs['mcp']['list']['servers'][number];
export type ApiError = TRPCClientErrorLike<AppRouter>;
