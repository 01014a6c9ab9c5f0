import { useQuery } from '@tanstack/react-query';
import type { WritableServer } from '../rows';
import { trpc } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';
import { AddServerForm } from './AddServerForm';

interface EditServerFormProps {
  /** The row whose entry is edited, as listed (secrets hidden). */
  server: WritableServer;
  /** The project the row was listed for. */
  projectPath: string;
  onClose: () => void;
}

/**
 * The `Edit MCP server` form for one row. Its secrets are read with `reveal` for this entry only,
 * when the edit opens, and kept out of the panel's cached lists.
 */
export function EditServerForm({ server, projectPath, onClose }: EditServerFormProps) {
  const utils = trpc.useUtils();
  const { name, scope, source } = server;
  const entry = useQuery({
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
  if (entry.data !== undefined) {
    return (
      <AddServerForm
        projectPath={projectPath}
        edit={{ server: { ...entry.data, scope }, onSaved: onClose, onCancel: onClose }}
      />
    );
  }
  return (
    <div className="card add-form" aria-busy={entry.isPending}>
      <h2>Edit MCP server</h2>
      {entry.error === null ? (
        <p className="status">Loading {name}…</p>
      ) : (
        <>
          <ErrorAlert message={entry.error.message} />
          <button type="button" className="secondary" onClick={onClose}>
            Close
          </button>
        </>
      )}
    </div>
  );
}
