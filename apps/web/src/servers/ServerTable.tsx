import { Suspense } from 'react';
import { CheckResultView } from '../check/lazy';
import type { RowCheck } from '../check/row-checks';
import { scopeLabel } from '../scopes';
import type { ServerEntry } from '../trpc';
import { SecretList } from './SecretList';
import { sourceLabel, statusNotes, targetText, transportLabel } from './server-display';

interface ServerTableProps {
  servers: readonly ServerEntry[];
  /** The project the list was read for: rows act on it, and its files are shown relative to it. */
  projectPath: string;
  /** The rows are another project's, kept on screen while the picked one loads. */
  actionsDisabled: boolean;
  checkOf: (server: ServerEntry) => RowCheck | undefined;
  onCheck: (server: ServerEntry, projectPath: string) => void;
  onRemove: (server: ServerEntry, projectPath: string) => void;
}

export function ServerTable({
  servers,
  projectPath,
  actionsDisabled,
  checkOf,
  onCheck,
  onRemove,
}: ServerTableProps) {
  return (
    <table className={actionsDisabled ? 'server-table stale' : 'server-table'} aria-busy={actionsDisabled}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Scope</th>
          <th scope="col">Transport</th>
          <th scope="col">Target</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {servers.map((server) => (
          <ServerRow
            key={`${server.scope}:${server.source ?? ''}:${server.name}`}
            server={server}
            projectPath={projectPath}
            actionsDisabled={actionsDisabled}
            check={checkOf(server)}
            onCheck={onCheck}
            onRemove={onRemove}
          />
        ))}
      </tbody>
    </table>
  );
}

interface ServerRowProps {
  server: ServerEntry;
  projectPath: string;
  actionsDisabled: boolean;
  check: RowCheck | undefined;
  onCheck: (server: ServerEntry, projectPath: string) => void;
  onRemove: (server: ServerEntry, projectPath: string) => void;
}

function ServerRow({ server, projectPath, actionsDisabled, check, onCheck, onRemove }: ServerRowProps) {
  const notes = statusNotes(server);
  return (
    <tr className={server.shadowedBy === undefined ? undefined : 'shadowed'}>
      <th scope="row" className="name-cell">
        {server.name}
      </th>
      <td data-label="Scope">
        {scopeLabel(server.scope)}
        {server.scope === 'project' && server.source !== undefined && (
          <span className="source">{sourceLabel(server.source, projectPath)}</span>
        )}
      </td>
      <td data-label="Transport">{transportLabel(server)}</td>
      <td data-label="Target">
        <code className="target">{targetText(server)}</code>
        <SecretList title="env" values={server.env} />
        <SecretList title="headers" values={server.headers} />
      </td>
      <td data-label="Status">
        {notes.length === 0 ? (
          <span className="note muted">Active</span>
        ) : (
          notes.map((note) => (
            <span key={note.text} className={`note ${note.tone}`}>
              {note.text}
            </span>
          ))
        )}
        {check !== undefined && (
          <Suspense fallback={<p className="status">Checking…</p>}>
            <CheckResultView serverName={server.name} check={check} />
          </Suspense>
        )}
      </td>
      <td className="actions-cell">
        <div className="row-buttons">
          <button
            type="button"
            className="secondary small"
            aria-label={`Check ${server.name}`}
            disabled={actionsDisabled || check?.state === 'running'}
            onClick={() => {
              onCheck(server, projectPath);
            }}
          >
            Check
          </button>
          <button
            type="button"
            className="secondary small"
            aria-label={`Remove ${server.name}`}
            disabled={actionsDisabled}
            onClick={() => {
              onRemove(server, projectPath);
            }}
          >
            Remove
          </button>
        </div>
      </td>
    </tr>
  );
}
