import { useQueryClient, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from './trpc';

/**
 * What a change made in the panel refreshes, whether it landed or not: the list, the known
 * projects, the history (a failed change is recorded too) and the permission rules (an undo moves them).
 */
export function useRefreshAfterChange(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  // Every mcp query at once; only those on screen are fetched again.
  return () => refreshQueries(queryClient, { queryKey: getQueryKey(trpc.mcp) });
}

/**
 * Fetches again the matching queries on screen, including one whose first read is still on its way:
 * that read may have left before the change landed, and TanStack Query would otherwise take its
 * answer as fresh (it joins a first fetch in flight instead of starting one), so it is cancelled first.
 */
export async function refreshQueries(queryClient: QueryClient, filters: QueryFilters): Promise<void> {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
