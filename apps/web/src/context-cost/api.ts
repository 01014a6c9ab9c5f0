/** The context cost feature's calls to the server. */
import type { Scope } from '@mcp-admin/core/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRefreshAfterChange } from '../refresh-after-change';
import { trpc, type ContextCost } from '../trpc';

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

type ServerCost = ContextCost['servers'][number];

/** The scopes `mcp.check` takes: a managed or plugin server is checked with `Check all`. */
const CHECKABLE_SCOPES: ReadonlySet<string> = new Set(['user', 'local', 'project']);

/** Checks at once from `Check them`: the server runs each as a process, and the machine may be small. */
const CHECKS_AT_ONCE = 4;

/**
 * `Check them`: checks each given server (a few at once), counting those done; each check's result
 * is kept by the server, so the cost is asked again as each lands.
 */
export function useCheckServers(projectPath: string) {
  const check = trpc.mcp.check.useMutation();
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const run = async (servers: readonly ServerCost[]) => {
    const queue = servers.filter((server) => CHECKABLE_SCOPES.has(server.scope));
    setProgress({ done: 0, of: queue.length });
    const worker = async () => {
      for (let server = queue.shift(); server !== undefined; server = queue.shift()) {
        const { name, scope, source } = server;
        // A failed check is kept as failed and shows in the table; nothing else to do here.
        await check.mutateAsync({ name, scope: scope as Scope, source, projectPath }).catch(() => undefined);
        setProgress((previous) => previous && { ...previous, done: previous.done + 1 });
      }
    };
    await Promise.all(Array.from({ length: CHECKS_AT_ONCE }, worker));
    setProgress(null);
  };
  return { run, progress, checkable: (server: ServerCost) => CHECKABLE_SCOPES.has(server.scope) };
}

/**
 * `Turn off in this project`: Claude Code's per-project off (`mcp.disableInProject`) for a user or
 * read-only server; a local entry belongs to this project alone, so its lasting switch is the same.
 */
export function useTurnOffInProject(projectPath: string) {
  const utils = trpc.useUtils();
  const refreshAfterChange = useRefreshAfterChange();
  return useMutation({
    mutationFn: (server: ServerCost) =>
      server.scope === 'local'
        ? utils.client.mcp.disable.mutate({ name: server.name, scope: 'local', projectPath })
        : utils.client.mcp.disableInProject.mutate({ name: server.name, projectPath }),
    onSettled: refreshAfterChange,
  });
}

/** Whether `Turn off in this project` applies: a project-shared entry has only its own switch. */
export function turnsOffInProject(server: ServerCost): boolean {
  return server.scope !== 'project';
}
