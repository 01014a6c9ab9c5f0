import { useState } from 'react';
import { useServerList } from '../shared-queries';
import { lazyPart } from '../ui/lazy-part';
import { ImportDialog } from './lazy';
import './transfer-bar.css';

// The export dialog and its logic load when first opened, as the import dialog does (./lazy.tsx).
const ExportDialog = lazyPart(
  'the export dialog',
  () => import('./ExportDialog'),
  (module) => module.ExportDialog,
  <p className="status">Loading…</p>,
);

/**
 * The doors to importing servers from JSON (Claude Desktop, another project, pasted) and exporting a
 * scope as `.mcp.json`, in the Servers view's head.
 */
export function TransferBar({ projectPath }: { projectPath: string }) {
  const [open, setOpen] = useState<'import' | 'export' | null>(null);
  // Nothing to export from an empty list: Export waits for the first server.
  const empty = useServerList(projectPath).data?.servers.length === 0;
  const close = () => {
    setOpen(null);
  };
  return (
    <div className="transfer-actions" role="group" aria-label="Import and export">
      <button
        type="button"
        className="secondary small"
        onClick={() => {
          setOpen('import');
        }}
      >
        Import JSON
      </button>
      {!empty && (
        <button
          type="button"
          className="secondary small"
          onClick={() => {
            setOpen('export');
          }}
        >
          Export
        </button>
      )}
      {open === 'import' && <ImportDialog projectPath={projectPath} onClose={close} />}
      {open === 'export' && <ExportDialog projectPath={projectPath} onClose={close} />}
    </div>
  );
}
