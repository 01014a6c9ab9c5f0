import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { trpc, type ServerEntry } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useFocusAfterRender } from '../ui/use-focus-after-render';
import { EmptyState } from './EmptyState';
import { RemoveServerDialog } from './RemoveServerDialog';
import { ServerTable } from './ServerTable';

/** The servers Claude Code sees from the chosen project, with the switch that reveals secrets. */
export function ServersSection({ projectPath }: { projectPath: string }) {
  const headingId = useId();
  const [reveal, setReveal] = useState(false);
  const [removing, setRemoving] = useState<ServerEntry | null>(null);
  const focusAfterRender = useFocusAfterRender();
  // Keep showing the current rows while the revealed (or another project's) list loads.
  const list = trpc.mcp.list.useQuery({ projectPath, reveal }, { placeholderData: keepPreviousData });
  const servers = list.data?.servers ?? [];

  return (
    <section className="card servers" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId} tabIndex={-1}>
          Servers {list.data !== undefined && <span className="count">{servers.length}</span>}
        </h2>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={reveal}
            onChange={(event) => {
              setReveal(event.target.checked);
            }}
          />
          <span>Reveal secrets</span>
        </label>
      </div>
      {list.error !== null && <ErrorAlert message={list.error.message} />}
      {list.isPending && <p className="status">Loading servers…</p>}
      {list.data !== undefined &&
        (servers.length === 0 ? (
          <EmptyState />
        ) : (
          <div className="table-wrap">
            <ServerTable servers={servers} projectPath={list.data.projectPath} onRemove={setRemoving} />
          </div>
        ))}
      {removing !== null && (
        <RemoveServerDialog
          server={removing}
          projectPath={projectPath}
          onClose={() => {
            setRemoving(null);
          }}
          onRemoved={() => {
            setRemoving(null);
            // The row whose button opened the dialog is gone: keep focus in the list it left.
            focusAfterRender(headingId);
          }}
        />
      )}
    </section>
  );
}
