import { lazy, Suspense, useState } from 'react';
import type { RowCheck } from '../check';
import { offersSignIn, signInHealth, type RowSignIns } from '../sign-in';
import { scopeLabel } from '../scopes';
import type { ServerEntry } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';
import { readOnlyOrigin, targetText, transportLabel } from './row-display';
import { RowSwitches } from './RowSwitches';
import { ANSWER_LABELS, CONNECTION_WORDS, rowVerdict } from './row-verdict';
import { isWritable, rowKey, usesOAuth, type WritableServer } from '../rows';
import { editButtonId } from './server-display';
import { sheetHref, sheetOpenerId } from './sheet-address';

// Loaded when a row's details first open: the list paints without them.
const RowDetails = lazy(async () => ({ default: (await import('./RowDetails')).RowDetails }));

interface ServerRowProps {
  server: ServerEntry;
  projectPath: string;
  stale: boolean;
  locked: boolean;
  check: RowCheck | undefined;
  detailsOpen: boolean;
  onDetails: (open: boolean) => void;
  onCheck: (server: WritableServer, projectPath: string) => void;
  onEdit: (server: WritableServer, projectPath: string) => void;
  onRemove: (server: WritableServer, projectPath: string) => void;
  signIns: RowSignIns;
}

/** One server on one line: its name, Claude Code's answer, the last check, and its controls; details below on demand. */
export function ServerRow({
  server,
  projectPath,
  stale,
  locked,
  check,
  detailsOpen,
  onDetails,
  onCheck,
  onEdit,
  onRemove,
  signIns,
}: ServerRowProps) {
  const checkStatus = check?.state === 'done' ? check.result.status : undefined;
  // When the row appeared: sign-in expiry is told in hours, and the list redraws the row on each change.
  const [now] = useState(Date.now);
  const verdict = rowVerdict(server, checkStatus);
  const row = rowKey(server, projectPath);
  const { signIn } = signIns;
  const signingIn = signIn !== null && rowKey(signIn.server, signIn.projectPath) === row;
  const signOutError = signIns.signOutErrorOf(row);
  // Where it is kept, its transport, then what it runs: the URL or the command line.
  const kind = `${scopeLabel(server.scope)} · ${transportLabel(server)} · ${targetText(server)}`;
  const detailsId = `details ${row}`;
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
      <td className="kind-cell" title={kind}>
        {kind}
      </td>
      <td className="verdict-cell" data-label="Claude Code">
        <span className="verdict-line">
          <span className={`answer ${verdict.answer}`}>{ANSWER_LABELS[verdict.answer]}</span>
          <span className="sentence" title={verdict.sentence}>
            {verdict.sentence}
          </span>
        </span>
        {verdict.fix !== undefined && <span className="fix">{verdict.fix.text}</span>}
      </td>
      <td className="connection-cell" data-label="Connection">
        <ConnectionSummary server={server} check={check} now={now} />
      </td>
      <td className="actions-cell">
        <div className="row-buttons">
          {/* mcp.check, mcp.update and mcp.remove take the scopes the CLI writes: a read-only row says where it comes from. */}
          <RowSwitches server={server} projectPath={projectPath} disabled={stale || locked} />
          {!isWritable(server) ? (
            <span className="origin">{readOnlyOrigin(server)}</span>
          ) : (
            <>
              {/* A stashed server is in no config Claude Code reads: there is nothing to check. */}
              <button
                type="button"
                className="secondary small"
                aria-label={`Check ${server.name}`}
                disabled={stale || server.disabled === true}
                // Busy, not disabled, while it runs: a disabled button would drop the focus it has.
                aria-disabled={check?.state === 'running' ? true : undefined}
                onClick={() => {
                  if (check?.state !== 'running') onCheck(server, projectPath);
                }}
              >
                Check
              </button>
              <button
                type="button"
                className="secondary small"
                id={editButtonId(server, projectPath)}
                aria-label={`Edit ${server.name}`}
                disabled={stale || locked}
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
                disabled={stale || locked}
                onClick={() => {
                  onRemove(server, projectPath);
                }}
              >
                Remove
              </button>
              {offersSignIn(server, checkStatus, now) && (
                <button
                  type="button"
                  className="small"
                  aria-label={`Sign in ${server.name}`}
                  disabled={stale || locked || signIns.running}
                  onClick={() => {
                    onDetails(true);
                    signIns.start(server, projectPath);
                  }}
                >
                  Sign in
                </button>
              )}
              {server.auth === 'signed-in' && usesOAuth(server) && (
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
            </>
          )}
          <button
            type="button"
            className="secondary small details-toggle"
            aria-label={`Details ${server.name}`}
            aria-expanded={detailsOpen}
            aria-controls={detailsOpen ? detailsId : undefined}
            title="Details"
            onClick={() => {
              onDetails(!detailsOpen);
            }}
          >
            <span aria-hidden="true">{detailsOpen ? '▴' : '▾'}</span>
          </button>
        </div>
        {signOutError !== undefined && <ErrorAlert message={signOutError} />}
      </td>
      {detailsOpen && (
        <td className="details-cell" id={detailsId}>
          <Suspense fallback={<p className="status">Loading details…</p>}>
            <RowDetails
              server={server}
              projectPath={projectPath}
              verdict={verdict}
              check={check}
              signIn={signingIn ? signIn : null}
              signIns={signIns}
              onCheck={onCheck}
            />
          </Suspense>
        </td>
      )}
    </tr>
  );
}

/** The Connection column: the last check's outcome, and under it the sign-in (OAuth) or the check's figures. */
function ConnectionSummary({
  server,
  check,
  now,
}: {
  server: ServerEntry;
  check: RowCheck | undefined;
  now: number;
}) {
  const health = signInHealth(server, now);
  const signIn =
    server.auth !== undefined && usesOAuth(server) ? (health?.text ?? 'Not signed in') : undefined;
  let outcome = <span className="connection muted">Not checked</span>;
  let figures: string | undefined;
  if (check?.state === 'running') outcome = <span className="connection muted">Checking…</span>;
  if (check?.state === 'error') outcome = <span className="connection bad">Check failed</span>;
  if (check?.state === 'done') {
    const { status, latencyMs, tools } = check.result;
    outcome = (
      <span className={`connection ${status === 'ok' ? 'ok' : 'bad'}`}>{CONNECTION_WORDS[status]}</span>
    );
    if (status === 'ok') {
      figures = `${latencyMs} ms${tools === undefined ? '' : ` · ${tools.length} tool${tools.length === 1 ? '' : 's'}`}`;
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
