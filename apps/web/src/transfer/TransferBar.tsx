import { Suspense, useState } from 'react';
import { useServerList } from '../shared-queries';
import { lazyPart } from '../ui/lazy-part';
import './transfer-bar.css';

// The dialogs and their logic load when first opened: the panel's first load stays small.
const ImportDialog = lazyPart(
  'the import dialog',
  () => import('./ImportDialog'),
  (module) => module.ImportDialog,
  <p className="status">Loading…</p>,
);
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
      <Suspense fallback={<p className="status">Loading…</p>}>
        {open === 'import' && <ImportDialog projectPath={projectPath} onClose={close} />}
        {open === 'export' && <ExportDialog projectPath={projectPath} onClose={close} />}
      </Suspense>
    </div>
  );
}
