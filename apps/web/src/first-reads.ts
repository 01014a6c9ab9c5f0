import type { AppRouter } from '@mcp-admin/api';
import type { QueryClient } from '@tanstack/react-query';
import type { createTRPCQueryUtils } from '@trpc/react-query';
import type { trpc } from './trpc';

type QueryUtils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;
type TrpcClient = ReturnType<typeof trpc.createClient>;

/**
 * Asks for what the first list needs as soon as the script runs: the panel info and the default
 * project's servers, in one request (the batch link joins the calls of one tick; the list is asked
 * for without naming the project, which is the default one). Asked in turn, the list would wait a
 * round trip for the info. Left to the components, each read would wait for its component's first
 * render and effects, and the list would queue behind the lazily loaded parts' scripts (a browser
 * opens 6 connections per server). `useSystemInfo` and `useServerList` find both in the cache.
 */
export function startFirstReads(utils: QueryUtils, client: TrpcClient, queryClient: QueryClient): void {
  const defaultList = client.mcp.list.query({ reveal: false });
  // Its failure is the panel's own query's to show, when it asks again.
  defaultList.catch(() => undefined);
  utils.system.info.fetch().then(
    (info) => {
      const input = { projectPath: info.defaultProject, reveal: false };
      // Its failure, too, is the panel's own query's to show.
      queryClient
        .query({
          queryKey: utils.mcp.list.queryOptions(input).queryKey,
          queryFn: async () => {
            const list = await defaultList.catch(() => undefined);
            return list?.projectPath === info.defaultProject ? list : client.mcp.list.query(input);
          },
        })
        .catch(() => undefined);
    },
    // The panel's own query asks again and shows what went wrong (a 401: the sign-in hint).
    () => undefined,
  );
}
