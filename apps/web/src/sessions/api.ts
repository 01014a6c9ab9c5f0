/** The running sessions feature's calls to the server. */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { trpc } from '../trpc';

/** Sessions start and end outside the panel, and no file event says so: asked again this often. */
const REFRESH_MS = 5_000;

/** `mcp.sessions`: every running Claude Code session of this config dir. */
export function useRunningSessions() {
  return trpc.mcp.sessions.useQuery(undefined, { refetchInterval: REFRESH_MS });
}

/** Asks again after every change made here: its answer may have named sessions the list should show. */
export function useFreshAfterChange() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') void utils.mcp.sessions.invalidate();
      }),
    [queryClient, utils],
  );
}
