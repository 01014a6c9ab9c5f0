/** The connection feature's calls to the server. */
import { trpc } from '../trpc';

type EventHandlers = Parameters<typeof trpc.mcp.events.useSubscription>[1];

/** The stream of config-file changes seen from `projectPath`. */
export function useConfigEvents(projectPath: string, handlers: EventHandlers) {
  return trpc.mcp.events.useSubscription({ projectPath }, handlers);
}

/**
 * Reads again everything a config file feeds: every mcp query (the list, the projects, the history,
 * the permission rules, the profiles' state) and the managed notice.
 */
export function useRefreshAll(): () => void {
  const utils = trpc.useUtils();
  return () => {
    void utils.mcp.invalidate();
    void utils.system.info.invalidate();
  };
}

/**
 * Reads the panel info again: after the browser gave up on the stream, its answer says why (a 401
 * once MCP Admin restarted with a new token shows how to sign in again).
 */
export function useRereadInfo(): () => void {
  const utils = trpc.useUtils();
  return () => {
    void utils.system.info.invalidate();
  };
}
