import { useState } from 'react';
import type { RowCheck } from '../check/row-checks';
import { useRowSignIns } from '../sign-in/row-sign-ins';
import type { ServerEntry } from '../trpc';
import type { ServerGroup } from './list-view';
import { ServerRow } from './ServerRow';
import './server-table.css';
import type { WritableServer } from './server-display';

interface ServerTableProps {
  groups: readonly ServerGroup[];
  /** The project the list was read for: rows act on it, and its files are shown relative to it. */
  projectPath: string;
  /** The rows are another project's, kept on screen while the picked one loads. */
  stale: boolean;
  /** A managed config takes no change. */
  locked: boolean;
  checkOf: (server: ServerEntry) => RowCheck | undefined;
  onCheck: (server: WritableServer, projectPath: string) => void;
  onEdit: (server: WritableServer, projectPath: string) => void;
  onRemove: (server: WritableServer, projectPath: string) => void;
}

/** One entry's row, the same across renders and filters. */
function entryKey({ scope, source, name }: ServerEntry): string {
  return `${scope}:${source ?? ''}:${name}`;
}

/** The servers, one line each, grouped by scope when asked; a row's details open under it. */
export function ServerTable({
  groups,
  projectPath,
  stale,
  locked,
  checkOf,
  onCheck,
  onEdit,
  onRemove,
}: ServerTableProps) {
  const signIns = useRowSignIns();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const setOpenOf = (server: ServerEntry, isOpen: boolean) => {
    setOpen((previous) => {
      const next = new Set(previous);
      if (isOpen) next.add(entryKey(server));
      else next.delete(entryKey(server));
      return next;
    });
  };
  return (
    <table className={stale ? 'server-table stale' : 'server-table'} aria-busy={stale}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col" className="kind-cell">
            Scope
          </th>
          <th scope="col">Claude Code</th>
          <th scope="col">Connection</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      {groups.map((group) => (
        <tbody key={group.label ?? 'all'}>
          {group.label !== undefined && (
            <tr className="group-row">
              <th scope="colgroup" colSpan={5}>
                {group.label} <span className="count">{group.servers.length}</span>
              </th>
            </tr>
          )}
          {group.servers.map((server) => (
            <ServerRow
              key={entryKey(server)}
              server={server}
              projectPath={projectPath}
              stale={stale}
              locked={locked}
              check={checkOf(server)}
              detailsOpen={open.has(entryKey(server))}
              onDetails={(isOpen) => {
                setOpenOf(server, isOpen);
              }}
              onCheck={(writable, shownProject) => {
                // The result (tools, or what went wrong) is in the details.
                setOpenOf(writable, true);
                onCheck(writable, shownProject);
              }}
              onEdit={onEdit}
              onRemove={onRemove}
              signIns={signIns}
            />
          ))}
        </tbody>
      ))}
    </table>
  );
}
