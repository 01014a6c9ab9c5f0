/** The add and edit forms' calls to the server; each change refreshes what it affects, landed or not. */
import type { Scope } from '@mcp-admin/core/schemas';
import { useQuery } from '@tanstack/react-query';
import { useRefreshAfterChange } from '../refresh-after-change';
import type { WritableServer } from '../rows';
import { trpc } from '../trpc';

/** Adds a server; `onAdded` gets the scope it went to. */
export function useAddServer(onAdded: (scope: Scope) => void) {
  const refreshAfterChange = useRefreshAfterChange();
  return trpc.mcp.add.useMutation({
    onSettled: refreshAfterChange,
    onSuccess: (_result, input) => {
      onAdded(input.scope);
    },
  });
}

export function useUpdateServer(onSaved: () => void) {
  const refreshAfterChange = useRefreshAfterChange();
  return trpc.mcp.update.useMutation({
    onSettled: refreshAfterChange,
    onSuccess: () => {
      onSaved();
    },
  });
}

/**
 * The row's entry with its secrets, read once when the edit opens and kept out of the panel's
 * cached lists (its own key, dropped once the edit closes).
 */
export function useEditedEntry({ name, scope, source }: WritableServer, projectPath: string) {
  const utils = trpc.useUtils();
  return useQuery({
    queryKey: ['edited-entry', projectPath, scope, source, name],
    queryFn: async () => {
      const { servers } = await utils.client.mcp.list.query({ projectPath, reveal: true, name });
      // Exactly the row's entry: a same-named one of another scope or file is another server.
      const found = servers.find(
        (listed) => listed.scope === scope && listed.source === source && listed.name === name,
      );
      if (found === undefined) throw new Error(`"${name}" is no longer listed in ${scope} scope.`);
      return found;
    },
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
}

/** Whether a keychain can keep secrets now (`system.info`, shared with the header's query). */
export function useKeychainStatus() {
  return trpc.system.info.useQuery(undefined, { select: (info) => info.keychain });
}
