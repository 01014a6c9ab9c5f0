/** The check feature's calls to the server. */
import type { WritableServer } from '../rows';
import { useRefreshAfterChange } from '../refresh-after-change';
import { trpc } from '../trpc';

export type CheckAllHandlers = Parameters<typeof trpc.mcp.checkAll.useSubscription>[1];

/**
 * Checks one entry; the promise carries that check's own result (several rows may be checked at
 * once, so each call is awaited on its own rather than through the mutation's last state). Aborting
 * `signal` drops the request, and the server then stops the check and its server's processes.
 */
export function useCheckServer() {
  const { client } = trpc.useUtils();
  return (
    { name, scope, source }: WritableServer,
    projectPath: string,
    confirm: boolean | undefined,
    signal: AbortSignal,
  ) => client.mcp.check.mutate({ name, scope, projectPath, source, confirm }, { signal });
}

/**
 * `mcp.checkAll` of a project, while mounted. Unmounted, it ends the subscription, and the server
 * then stops every check still running and its server's processes.
 */
export function useCheckAll(projectPath: string, handlers: CheckAllHandlers) {
  trpc.mcp.checkAll.useSubscription({ projectPath }, handlers);
}

/** The MCP permission rules of the project's settings files, which the tool list resolves per tool. */
export function usePermissionRules(projectPath: string) {
  return trpc.mcp.permissions.useQuery({ projectPath });
}

/** Writes one permission rule; the rules and the history are read again whatever the outcome. */
export function useSetPermission() {
  const refreshAfterChange = useRefreshAfterChange();
  return trpc.mcp.setPermission.useMutation({ onSettled: refreshAfterChange });
}
