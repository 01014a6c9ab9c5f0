import type { WritableServer } from '../rows';
import { ErrorAlert } from '../ui/ErrorAlert';
import { EditEntryForm } from './EditEntryForm';
import { useEditedEntry } from './api';

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
  const { name, scope } = server;
  const entry = useEditedEntry(server, projectPath);
  if (entry.data !== undefined) {
    return (
      <EditEntryForm
        server={{ ...entry.data, scope }}
        projectPath={projectPath}
        onSaved={onClose}
        onCancel={onClose}
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
