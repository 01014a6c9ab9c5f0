/** The check feature's calls to the server. */
import type { WritableServer } from '../rows';
import { trpc } from '../trpc';

type CheckAllHandlers = Parameters<typeof trpc.mcp.checkAll.useSubscription>[1];

/**
 * Checks one entry; the promise carries that check's own result (several rows may be checked at
 * once, so each call is awaited on its own rather than through the mutation's last state).
 */
export function useCheckServer() {
  const check = trpc.mcp.check.useMutation();
  return ({ name, scope, source }: WritableServer, projectPath: string, confirm?: boolean) =>
    check.mutateAsync({ name, scope, projectPath, source, confirm });
}

/** `mcp.checkAll` of a project, while mounted. */
export function useCheckAll(projectPath: string, handlers: CheckAllHandlers) {
  trpc.mcp.checkAll.useSubscription({ projectPath }, handlers);
}
