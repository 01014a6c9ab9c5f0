import { Suspense } from 'react';
import { CheckResultView } from '../check/lazy';
import type { RowCheck } from '../check/row-checks';
import { RowLogs } from '../logs/RowLogs';
import { SignInRun } from '../sign-in/lazy';
import { offersSignIn, useRowSignIns, type RowSignIns } from '../sign-in/row-sign-ins';
import { ErrorAlert } from '../ui/ErrorAlert';
import { scopeLabel } from '../scopes';
import type { ServerEntry } from '../trpc';
import { EnabledSwitch } from './EnabledSwitch';
import { SecretList } from './SecretList';
import { readOnlyOrigin, sourceLabel, statusNotes, targetText, transportLabel } from './row-display';
import { editButtonId, isWritable, rowKey, type WritableServer } from './server-display';

interface ServerTableProps {
  servers: readonly ServerEntry[];
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

export function ServerTable({
  servers,
  projectPath,
  stale,
  locked,
  checkOf,
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
            stale={stale}
            locked={locked}
            check={checkOf(server)}
            onCheck={onCheck}
            onEdit={onEdit}
            onRemove={onRemove}
            signIns={signIns}
          />
        ))}
      </tbody>
    </table>
  );
}

interface ServerRowProps {
  server: ServerEntry;
  projectPath: string;
  stale: boolean;
  locked: boolean;
  check: RowCheck | undefined;
  onCheck: (server: WritableServer, projectPath: string) => void;
  onEdit: (server: WritableServer, projectPath: string) => void;
  onRemove: (server: WritableServer, projectPath: string) => void;
  signIns: RowSignIns;
}

function ServerRow({
  server,
  projectPath,
  stale,
  locked,
  check,
  onCheck,
  onEdit,
  onRemove,
  signIns,
}: ServerRowProps) {
  const checkStatus = check?.state === 'done' ? check.result.status : undefined;
  const { signIn } = signIns;
  const row = isWritable(server) ? rowKey(server, projectPath) : undefined;
  const signingIn = signIn !== null && rowKey(signIn.server, signIn.projectPath) === row;
  const signOutError = row === undefined ? undefined : signIns.signOutErrorOf(row);
  return (
    <tr className={server.status === 'active' ? undefined : 'inactive'}>
      <th scope="row" className="name-cell">
        {server.name}
      </th>
      <td data-label="Scope">
        {scopeLabel(server.scope)}
        {server.scope !== 'user' && server.scope !== 'local' && server.source !== undefined && (
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
        {statusNotes(server).map((note) => (
          <span key={note.text} className={`note ${note.tone}`}>
            {note.text}
          </span>
        ))}
        {/* In the row, not a tooltip: touch screens have no hover. */}
        <span className="reason">{server.statusReason}</span>
        {check !== undefined && (
          <Suspense fallback={<p className="status">Checking…</p>}>
            <CheckResultView serverName={server.name} check={check} />
          </Suspense>
        )}
        {signingIn && (
          <Suspense fallback={<p className="status">Starting sign-in…</p>}>
            <SignInRun
              key={signIn.run}
              server={signIn.server}
              projectPath={signIn.projectPath}
              tab={signIn.tab}
              onDone={(ok) => {
                signIns.finished();
                // What Claude Code now gets from it: checked with the new token.
                if (ok) onCheck(signIn.server, signIn.projectPath);
              }}
              onClose={() => {
                signIns.close();
              }}
            />
          </Suspense>
        )}
        {signOutError !== undefined && <ErrorAlert message={signOutError} />}
      </td>
      <td className="actions-cell">
        {/* mcp.check, mcp.update and mcp.remove take the scopes the CLI writes: a read-only row says where it comes from. */}
        {!isWritable(server) ? (
          <span className="origin">{readOnlyOrigin(server)}</span>
        ) : (
          <div className="row-buttons">
            <EnabledSwitch server={server} projectPath={projectPath} disabled={stale || locked} />
            {/* A stashed server is in no config Claude Code reads: there is nothing to check, edit or remove. */}
            <button
              type="button"
              className="secondary small"
              aria-label={`Check ${server.name}`}
              disabled={stale || check?.state === 'running' || server.disabled === true}
              onClick={() => {
                onCheck(server, projectPath);
              }}
            >
              Check
            </button>
            <button
              type="button"
              className="secondary small"
              id={editButtonId(server, projectPath)}
              aria-label={`Edit ${server.name}`}
              disabled={stale || locked || server.disabled === true}
              onClick={() => {
                onEdit(server, projectPath);
              }}
            >
              Edit
            </button>
            <button
              type="button"
              className="secondary small"
              aria-label={`Remove ${server.name}`}
              disabled={stale || locked || server.disabled === true}
              onClick={() => {
                onRemove(server, projectPath);
              }}
            >
              Remove
            </button>
            <RowLogs
              server={server}
              projectPath={projectPath}
              check={check}
              disabled={stale || server.disabled === true}
            />
            {offersSignIn(server, checkStatus) && (
              <button
                type="button"
                className="small"
                aria-label={`Sign in ${server.name}`}
                disabled={stale || locked || signIns.running}
                onClick={() => {
                  signIns.start(server, projectPath);
                }}
              >
                Sign in
              </button>
            )}
            {server.auth === 'signed-in' && (
              <button
                type="button"
                className="secondary small"
                aria-label={`Sign out ${server.name}`}
                disabled={stale || locked}
                onClick={() => {
                  signIns.signOut(server, projectPath);
                }}
              >
                Sign out
              </button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}
