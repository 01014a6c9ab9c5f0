import type { RowCheck } from '../check';
import { useRowSignIns } from '../sign-in';
import type { ServerEntry } from '../trpc';
import type { KeptCheckOf } from './kept-checks';
import type { ServerGroup } from './list-view';
import { ServerRow } from './ServerRow';
import './server-table.css';
import { rowKey, type WritableServer } from '../rows';

export interface ServerTableProps {
  groups: readonly ServerGroup[];
  /** The project the list was read for: rows act on it, and its files are shown relative to it. */
  projectPath: string;
  /** The rows are another project's, kept on screen while the picked one loads. */
  stale: boolean;
  /** A managed config takes no change. */
  locked: boolean;
  checkOf: (server: ServerEntry) => RowCheck | undefined;
  keptCheckOf: KeptCheckOf;
  onCheck: (server: WritableServer, projectPath: string) => void;
  onEdit: (server: WritableServer, projectPath: string) => void;
  onRemove: (server: WritableServer, projectPath: string) => void;
}

/** The servers, one line each, grouped by scope when asked; a row's name opens its sheet. */
export function ServerTable({
  groups,
  projectPath,
  stale,
  locked,
  checkOf,
  keptCheckOf,
  onCheck,
  onEdit,
  onRemove,
}: ServerTableProps) {
  const signIns = useRowSignIns();
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
              key={rowKey(server, projectPath)}
              server={server}
              projectPath={projectPath}
              stale={stale}
              locked={locked}
              check={checkOf(server)}
              keptCheck={keptCheckOf(server)}
              onCheck={onCheck}
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
