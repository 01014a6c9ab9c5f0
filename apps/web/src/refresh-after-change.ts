import { trpc } from './trpc';

/**
 * What a change made in the panel refreshes, whether it landed or not: the list, the known
 * projects and the history (a failed change is recorded too).
 */
export function useRefreshAfterChange(): () => Promise<unknown> {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.mcp.list.invalidate(),
      utils.mcp.projects.invalidate(),
      utils.mcp.history.invalidate(),
    ]);
}
