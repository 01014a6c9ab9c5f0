import { useQueryClient, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { isUnreachable } from './connection';
import { trpc } from './trpc';

/**
 * What a change made in the panel refreshes, whether it landed or not: the list, the known
 * projects, the history (a failed change is recorded too) and the permission rules (an undo moves them).
 * Given as a mutation's `onSettled`, it gets the change's error (see `refreshAfter`).
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- a mutation given it infers its own error type.
export function useRefreshAfterChange(): <TError>(data?: unknown, error?: TError | null) => Promise<unknown> {
  const queryClient = useQueryClient();
  // Every mcp query at once; only those on screen are fetched again.
  return (_data, error) => refreshAfter(queryClient, { queryKey: getQueryKey(trpc.mcp) }, error);
}

/**
 * Refreshes `filters` after a change: waited for, so the change stays pending until the list shows
 * it; but not after a change that failed because the server is out of reach, whose reads would only
 * fail too (after their retries, seconds later): the change says so at once, and the live updates
 * read everything again once the server is back.
 */
export function refreshAfter(queryClient: QueryClient, filters: QueryFilters, error: unknown): Promise<void> {
  const refreshed = refreshQueries(queryClient, filters);
  return isUnreachable(error) ? Promise.resolve() : refreshed;
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
