import { trpc } from './trpc';

/**
 * What a change made in the panel refreshes, whether it landed or not: the list, the known
 * projects, the history (a failed change is recorded too) and the permission rules (an undo moves them).
 */
export function useRefreshAfterChange(): () => Promise<unknown> {
  const utils = trpc.useUtils();
  // Every mcp query at once; only those on screen are fetched again.
  return () => utils.mcp.invalidate();
}
