import type { AppRouter } from '@mcp-admin/api';
import type { createTRPCQueryUtils } from '@trpc/react-query';

type QueryUtils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;

/**
 * Asks for what the first list needs as soon as the script runs: the panel info, and the moment it
 * arrives, the default project's servers. Left to the components, each read would wait for its
 * component's first render and effects, and the list would queue behind the lazily loaded parts'
 * scripts the panel asks for when it first renders (a browser opens 6 connections per server).
 * `useSystemInfo` and `useServerList` find both in the cache.
 */
export function startFirstReads(utils: QueryUtils): void {
  utils.system.info.fetch().then(
    (info) => utils.mcp.list.prefetch({ projectPath: info.defaultProject, reveal: false }),
    // The panel's own query asks again and shows what went wrong (a 401: the sign-in hint).
    () => undefined,
  );
}
