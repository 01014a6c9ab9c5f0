/** The connection feature's calls to the server. */
import { trpc } from '../trpc';

type EventHandlers = Parameters<typeof trpc.mcp.events.useSubscription>[1];

/** The stream of config-file changes seen from `projectPath`. */
export function useConfigEvents(projectPath: string, handlers: EventHandlers) {
  return trpc.mcp.events.useSubscription({ projectPath }, handlers);
}

/** Reads again everything a config file feeds: the list, the projects, the history, the managed notice. */
export function useRefreshAll(): () => void {
  const utils = trpc.useUtils();
  return () => {
    void utils.mcp.list.invalidate();
    void utils.mcp.projects.invalidate();
    void utils.mcp.history.invalidate();
    void utils.system.info.invalidate();
  };
}
