/**
 * A row's details, loaded when first opened: the reason with the file and key that decide it, where
 * the entry is kept, what it runs, the last check (tools, its error, stderr), a sign-in under way, and
 * this server's own history. The row itself says all this in words; here are the files.
 */
import { Suspense } from 'react';
import type { RowCheck } from '../check';
import { CheckResultView } from '../check/lazy';
import { SignInRun, type RowSignIns, type SignInState } from '../sign-in';
import { useHistory } from '../shared-queries';
import type { HistoryEntry, ServerEntry } from '../trpc';
import { SecretList } from './SecretList';
import { sourceLabel, targetText } from './row-display';
import type { RowVerdict } from './row-verdict';
import type { WritableServer } from '../rows';
import './row-details.css';

/** The history asked for, of which this server's entries are shown. */
const HISTORY_LOOKBACK = 200;
const SHOWN_HISTORY = 5;

const HISTORY_WORDS: Record<HistoryEntry['procedure'], string> = {
  'mcp.add': 'Added',
  'mcp.remove': 'Removed',
  'mcp.update': 'Edited',
  'mcp.import': 'Imported',
  'mcp.disable': 'Turned off',
  'mcp.enable': 'Turned on',
  'mcp.applyProfile': 'Profile applied',
  'mcp.setPermission': 'Tool permission changed',
  'mcp.disableInProject': 'Turned off in this project',
  'mcp.enableInProject': 'Turned on in this project',
  'mcp.undo': 'Undone',
};

interface RowDetailsProps {
  server: ServerEntry;
  projectPath: string;
  verdict: RowVerdict;
  check: RowCheck | undefined;
  /** The sign-in of this row under way, if any. */
  signIn: SignInState | null;
  signIns: RowSignIns;
  onCheck: (server: WritableServer, projectPath: string) => void;
}

export function RowDetails({
  server,
  projectPath,
  verdict,
  check,
  signIn,
  signIns,
  onCheck,
}: RowDetailsProps) {
  return (
    <div className="row-details">
      <dl className="detail-list">
        <div>
          <dt>Why</dt>
          <dd>
            {verdict.sentence}
            <span className="reason">{server.statusReason}</span>
          </dd>
        </div>
        {server.source !== undefined && (
          <div>
            <dt>Kept in</dt>
            <dd>
              <code className="path">{sourceLabel(server.source, projectPath)}</code>
              {server.scope === 'project' && (
                <span className="reason">Your own on/off choice: .claude/settings.local.json (personal)</span>
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>Runs</dt>
          <dd>
            <code className="target">{targetText(server)}</code>
            <SecretList title="env" values={server.env} />
            <SecretList title="headers" values={server.headers} />
          </dd>
        </div>
      </dl>
      {/* A check that could not be asked for is said on the row's own error line. */}
      {check !== undefined && check.state !== 'error' && (
        <Suspense fallback={<p className="status">Checking…</p>}>
          <CheckResultView serverName={server.name} projectPath={projectPath} check={check} />
        </Suspense>
      )}
      {signIn !== null && (
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
      <ServerHistory server={server} />
    </div>
  );
}

/** This server's latest changes made in the panel (the History region lists them all, with Undo). */
function ServerHistory({ server }: { server: ServerEntry }) {
  const history = useHistory(HISTORY_LOOKBACK);
  const own = (history.data ?? [])
    .filter((change) => change.name === server.name && change.scope === server.scope)
    .slice(0, SHOWN_HISTORY);
  if (own.length === 0) return null;
  return (
    <div className="server-history">
      <p className="detail-title">Changes here</p>
      <ol>
        {own.map((change) => (
          <li key={change.id}>
            {HISTORY_WORDS[change.procedure]}
            {!change.ok && ' (failed)'} ·{' '}
            <time dateTime={change.time}>{new Date(change.time).toLocaleString()}</time>
          </li>
        ))}
      </ol>
    </div>
  );
}
