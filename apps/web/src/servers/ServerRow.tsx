import { useState } from 'react';
import { CheckRunning, type RowCheck } from '../check';
import { useFailureShown } from '../connection';
import { RowLogs } from '../logs';
import { offersSignIn, signInHealth, SignInRun, type RowSignIns } from '../sign-in';
import { scopeLabel } from '../scopes';
import type { ServerEntry } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';
import { MenuButton, type MenuItem } from '../ui/MenuButton';
import type { KeptCheck } from './kept-checks';
import { readOnlyOrigin, targetText, transportLabel } from './row-display';
import { checkedAgo, plainFailure } from './row-failure';
import { RowIcon } from './RowIcons';
import { RowSwitches } from './RowSwitches';
import { clearSecretNames, MoveSecretsDialog } from './MoveSecretsDialog';
import { useKeychainAvailability } from './api';
import { ANSWER_LABELS, CONNECTION_WORDS, rowVerdict } from './row-verdict';
import { isWritable, rowKey, usesOAuth, type WritableServer } from '../rows';
import { editButtonId } from './server-display';
import { sheetHref, sheetOpenerId } from './sheet-address';

interface ServerRowProps {
  server: ServerEntry;
  projectPath: string;
  stale: boolean;
  locked: boolean;
  check: RowCheck | undefined;
  /** The last check the server kept of this entry, from before this page loaded. */
  keptCheck: KeptCheck | undefined | 'loading';
  onCheck: (server: WritableServer, projectPath: string) => void;
  onEdit: (server: WritableServer, projectPath: string) => void;
  onRemove: (server: WritableServer, projectPath: string) => void;
  signIns: RowSignIns;
}

/**
 * One server on one line: its name, Claude Code's answer (wrapping, never cut), the last check,
 * and its controls in one column (the rarer ones in `More actions for <name>`); under it, a
 * failure of one of its actions, or its sign-in under way, on a line of its own. Everything else
 * about it (files, tools, logs, history) is in its sheet, which its name opens.
 */
export function ServerRow({
  server,
  projectPath,
  stale,
  locked,
  check,
  keptCheck,
  onCheck,
  onEdit,
  onRemove,
  signIns,
}: ServerRowProps) {
  // The check made now, or else the one kept from before: one truth for the pill, the sentence and the filter.
  const checkStatus =
    check?.state === 'done'
      ? check.result.status
      : check === undefined && typeof keptCheck === 'object'
        ? keptCheck.status
        : undefined;
  // When the row appeared: sign-in expiry is told in hours, and the list redraws the row on each change.
  const [now] = useState(Date.now);
  const [logsOpen, setLogsOpen] = useState(false);
  const [moving, setMoving] = useState(false);
  const keychain = useKeychainAvailability().data;
  const [enabledFailure, setEnabledFailure] = useState<Error | null>(null);
  const [projectFailure, setProjectFailure] = useState<Error | null>(null);
  const verdict = rowVerdict(server, checkStatus);
  const row = rowKey(server, projectPath);
  // The table's one sign-in, if it is this row's.
  const signIn =
    signIns.signIn !== null && rowKey(signIns.signIn.server, signIns.signIn.projectPath) === row
      ? signIns.signIn
      : null;
  // One line at most: the failure of a switch, of the check or of a sign-out, each said while it holds.
  const checkError = check?.state === 'error' ? check.error : null;
  const signOutError = signIns.signOutErrorOf(row) ?? null;
  const shown = [
    { error: enabledFailure, message: useFailureShown(enabledFailure) },
    { error: projectFailure, message: useFailureShown(projectFailure) },
    { error: checkError, message: useFailureShown(checkError) },
    { error: signOutError, message: useFailureShown(signOutError) },
  ].find((failure) => failure.error !== null && failure.message !== undefined)?.error;
  const failure = shown == null ? undefined : plainFailure(shown, server);
  // Where it is kept, its transport, then what it runs: the URL or the command line.
  const kind = `${scopeLabel(server.scope)} · ${transportLabel(server)} · ${targetText(server)}`;
  const menuItems = rowMenuItems(server, projectPath, {
    checkStatus,
    now,
    stale,
    locked,
    signIns,
    setLogsOpen,
  });
  if (isWritable(server) && server.scope !== 'project' && clearSecretNames(server).length > 0) {
    menuItems.push({
      label: `Move secrets to the keychain ${server.name}`,
      text: 'Move secrets to the keychain',
      unavailable: stale || locked || keychain?.available !== true,
      onSelect: () => {
        setMoving(true);
      },
    });
  }
  return (
    <tr className={`server-row answer-${verdict.answer}`}>
      <th scope="row" className="name-cell">
        {/* Opens the server's sheet: its address, so Back closes it. */}
        <a
          className="server-name"
          id={sheetOpenerId(server, projectPath)}
          href={sheetHref(server, projectPath)}
        >
          {server.name}
        </a>
      </th>
      <td className="kind-cell">{kind}</td>
      <td className="verdict-cell" data-label="Claude Code">
        {/* The pill, the sentence and the fix are spaced by CSS. */}
        <span className={`answer ${verdict.answer}`}>{ANSWER_LABELS[verdict.answer]}</span>
        <span className="sentence">{verdict.sentence}</span>
        {verdict.fix !== undefined && <span className="fix">{verdict.fix.text}</span>}
      </td>
      <td className="connection-cell" data-label="Connection">
        <ConnectionSummary server={server} check={check} keptCheck={keptCheck} now={now} />
      </td>
      <td className="actions-cell">
        <div className="row-controls">
          {/* mcp.check, mcp.update and mcp.remove take the scopes the CLI writes: a read-only row says where it comes from. */}
          <RowSwitches
            server={server}
            projectPath={projectPath}
            disabled={stale || locked}
            onEnabledFailure={setEnabledFailure}
            onProjectFailure={setProjectFailure}
          />
          {!isWritable(server) ? (
            <span className="origin">{readOnlyOrigin(server)}</span>
          ) : (
            <span className="row-buttons">
              {/* A stashed server is in no config Claude Code reads: there is nothing to check. */}
              <button
                type="button"
                className="secondary small icon-button"
                aria-label={`Check ${server.name}`}
                title="Check"
                disabled={stale || server.disabled === true}
                // Busy, not disabled, while it runs: a disabled button would drop the focus it has.
                aria-disabled={check?.state === 'running' ? true : undefined}
                onClick={() => {
                  if (check?.state !== 'running') onCheck(server, projectPath);
                }}
              >
                <RowIcon name="check" />
              </button>
              <button
                type="button"
                className="secondary small icon-button"
                id={editButtonId(server, projectPath)}
                aria-label={`Edit ${server.name}`}
                title="Edit"
                disabled={stale || locked}
                onClick={() => {
                  onEdit(server, projectPath);
                }}
              >
                <RowIcon name="edit" />
              </button>
              <button
                type="button"
                className="secondary small icon-button"
                aria-label={`Remove ${server.name}`}
                title="Remove"
                disabled={stale || locked}
                onClick={() => {
                  onRemove(server, projectPath);
                }}
              >
                <RowIcon name="remove" />
              </button>
            </span>
          )}
          {menuItems.length > 0 ? (
            <MenuButton label={`More actions for ${server.name}`} items={menuItems} />
          ) : (
            <span className="menu-button" aria-hidden="true" />
          )}
        </div>
        {moving && isWritable(server) && (
          <MoveSecretsDialog
            server={server}
            projectPath={projectPath}
            backend={keychain?.backend}
            onClose={() => {
              setMoving(false);
            }}
          />
        )}
        {logsOpen && (
          <RowLogs
            server={server}
            projectPath={projectPath}
            check={check}
            onClose={() => {
              setLogsOpen(false);
            }}
          />
        )}
      </td>
      {failure !== undefined && (
        <td className="row-error-cell">
          <ErrorAlert message={failure} />
        </td>
      )}
      {signIn !== null && (
        <td className="sign-in-cell">
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
        </td>
      )}
    </tr>
  );
}

/** The rarer actions of a row (and of its sheet): its logs, and signing in or out where OAuth applies. */
export function rowMenuItems(
  server: ServerEntry,
  projectPath: string,
  {
    checkStatus,
    now,
    stale,
    locked,
    signIns,
    setLogsOpen,
  }: {
    checkStatus: string | undefined;
    now: number;
    stale: boolean;
    locked: boolean;
    signIns: RowSignIns;
    setLogsOpen: (open: boolean) => void;
  },
): MenuItem[] {
  const items: MenuItem[] = [];
  // Plugin servers are named plugin:…: Claude Code's logs of them are not read here.
  if (server.scope !== 'plugin') {
    items.push({
      label: `Logs ${server.name}`,
      text: 'Logs',
      onSelect: () => {
        setLogsOpen(true);
      },
    });
  }
  if (!isWritable(server)) return items;
  if (offersSignIn(server, checkStatus, now)) {
    items.push({
      label: `Sign in ${server.name}`,
      text: 'Sign in',
      unavailable: stale || locked || signIns.running,
      onSelect: () => {
        // The sign-in shows on a line under the row; its tab opens in this click.
        signIns.start(server, projectPath);
      },
    });
  }
  if (server.auth === 'signed-in' && usesOAuth(server)) {
    items.push({
      label: `Sign out ${server.name}`,
      text: 'Sign out',
      unavailable: stale || locked,
      onSelect: () => {
        signIns.signOut(server, projectPath);
      },
    });
  }
  return items;
}

/** The Connection column: the last check's outcome, and under it the sign-in (OAuth) or the check's figures. */
function ConnectionSummary({
  server,
  check,
  keptCheck,
  now,
}: {
  server: ServerEntry;
  check: RowCheck | undefined;
  keptCheck: KeptCheck | undefined | 'loading';
  now: number;
}) {
  const health = signInHealth(server, now);
  const signIn =
    server.auth !== undefined && usesOAuth(server) ? (health?.text ?? 'Not signed in') : undefined;
  let outcome = <span className="connection muted">Not checked</span>;
  let figures: string | undefined;
  // Until the kept checks are read: never "Not checked" for a server that was.
  if (check === undefined && keptCheck === 'loading') outcome = <span className="connection muted">…</span>;
  if (check === undefined && typeof keptCheck === 'object') {
    // The same words as the check itself: a kept timeout is "Timed out", not a bare failure.
    outcome = (
      <span className={`connection ${keptCheck.status === 'ok' ? 'ok' : 'bad'}`}>
        {CONNECTION_WORDS[keptCheck.status]}
      </span>
    );
    const ago = checkedAgo(keptCheck.checkedAt, now);
    figures = keptCheck.tools === null ? `checked ${ago}` : `${toolCount(keptCheck.tools)} · ${ago}`;
  }
  if (check?.state === 'running') outcome = <CheckRunning serverName={server.name} check={check} />;
  if (check?.state === 'error') outcome = <span className="connection bad">Check failed</span>;
  if (check?.state === 'done') {
    const { status, latencyMs, tools } = check.result;
    outcome = (
      <span className={`connection ${status === 'ok' ? 'ok' : 'bad'}`}>{CONNECTION_WORDS[status]}</span>
    );
    if (status === 'ok') {
      figures = `${latencyMs} ms${tools === undefined ? '' : ` · ${toolCount(tools.length)}`}`;
    }
  }
  const second = signIn ?? figures;
  return (
    <>
      {outcome}
      {second !== undefined && (
        <span
          className={
            signIn !== undefined && health !== undefined
              ? `connection-more ${health.tone}`
              : 'connection-more'
          }
        >
          {second}
        </span>
      )}
    </>
  );
}

function toolCount(count: number): string {
  return `${String(count)} tool${count === 1 ? '' : 's'}`;
}
