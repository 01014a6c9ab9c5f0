/** The context cost feature's calls to the server. */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { trpc } from '../trpc';

/** `mcp.contextCost` of the project. */
export function useContextCost(projectPath: string) {
  return trpc.mcp.contextCost.useQuery({ projectPath });
}

/**
 * Asks again each time the server list is read anew (after a change here, or one the live updates
 * saw): a changed entry drops its kept check, and a switched one loads, or not; and after each check.
 */
export function useFreshAfterList() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  useEffect(() => {
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      const key: readonly unknown[] = (event.query as { queryKey: readonly unknown[] }).queryKey;
      if (isProcedure(key, 'list') && event.type === 'updated' && event.action.type === 'success') {
        void utils.mcp.contextCost.invalidate();
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      const key: readonly unknown[] = event.mutation?.options.mutationKey ?? [];
      if (isProcedure(key, 'check') && event.type === 'updated' && event.action.type === 'success') {
        void utils.mcp.contextCost.invalidate();
      }
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, utils]);
}

/** Whether a tRPC cache key is of `mcp.<name>`. */
function isProcedure(key: readonly unknown[], name: string): boolean {
  const [path] = key;
  return Array.isArray(path) && path[0] === 'mcp' && path[1] === name;
}
