import { lazy, Suspense, useId, useState } from 'react';
import './transfer-bar.css';

// The dialogs and their logic load when first opened: the panel's first load stays small.
const ImportDialog = lazy(async () => {
  const module = await import('./ImportDialog');
  return { default: module.ImportDialog };
});
const ExportDialog = lazy(async () => {
  const module = await import('./ExportDialog');
  return { default: module.ExportDialog };
});

/** The doors to importing servers from JSON and exporting a scope as `.mcp.json`. */
export function TransferBar({ projectPath }: { projectPath: string }) {
  const headingId = useId();
  const [open, setOpen] = useState<'import' | 'export' | null>(null);
  const close = () => {
    setOpen(null);
  };
  return (
    <section className="card transfer-bar" aria-labelledby={headingId}>
      <h2 id={headingId}>Import and export</h2>
      <p className="hint">From Claude Desktop, another project or pasted JSON; out as a .mcp.json.</p>
      <div className="transfer-actions">
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setOpen('import');
          }}
        >
          Import JSON
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setOpen('export');
          }}
        >
          Export
        </button>
      </div>
      <Suspense fallback={<p className="status">Loading…</p>}>
        {open === 'import' && <ImportDialog projectPath={projectPath} onClose={close} />}
        {open === 'export' && <ExportDialog projectPath={projectPath} onClose={close} />}
      </Suspense>
    </section>
  );
}
