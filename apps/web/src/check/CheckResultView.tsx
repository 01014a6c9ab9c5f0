import type { CheckResult } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';
import type { RowCheck } from './row-checks';
import { ToolPermissions } from './ToolPermissions';
import './check.css';

const STATUS_NOTES: Record<CheckResult['status'], { text: string; tone: 'ok' | 'warn' | 'bad' }> = {
  ok: { text: 'Connected', tone: 'ok' },
  failed: { text: 'Failed', tone: 'bad' },
  timeout: { text: 'Timed out', tone: 'bad' },
  'needs-auth': { text: 'Needs authentication', tone: 'warn' },
};

/** Longer tool lists start folded. */
const SHORT_TOOL_LIST = 5;

/** A row's check: its status, latency and server, then the tools, or what went wrong and stderr. */
export function CheckResultView({
  serverName,
  projectPath,
  check,
}: {
  serverName: string;
  projectPath: string;
  check: RowCheck;
}) {
  if (check.state === 'running') return <p className="check-result status">Checking…</p>;
  if (check.state === 'error') return <ErrorAlert message={check.message} />;
  const { result } = check;
  const note = STATUS_NOTES[result.status];
  return (
    <div className="check-result">
      <p className="check-summary">
        <span className={`note ${note.tone}`}>{note.text}</span>
        <span className="muted">{result.latencyMs} ms</span>
        {result.serverInfo !== undefined && (
          <span>
            {result.serverInfo.name} {result.serverInfo.version}
          </span>
        )}
      </p>
      {result.error !== undefined && <ErrorAlert message={result.error} />}
      {result.tools !== undefined && (
        <ToolList serverName={serverName} projectPath={projectPath} tools={result.tools} />
      )}
      {result.tokens !== undefined && result.tokens > 0 && (
        <p className="muted">
          Their definitions: ≈ {result.tokens.toLocaleString('en-US')} tokens of Claude Code&apos;s context
          (estimate)
        </p>
      )}
      {result.stderr !== undefined && result.status !== 'ok' && (
        <StderrTail serverName={serverName} text={result.stderr} />
      )}
    </div>
  );
}

function ToolList({
  serverName,
  projectPath,
  tools,
}: {
  serverName: string;
  projectPath: string;
  tools: NonNullable<CheckResult['tools']>;
}) {
  if (tools.length === 0) return <p className="muted">No tools</p>;
  const title = `${tools.length} tool${tools.length === 1 ? '' : 's'}`;
  const list = <ToolPermissions serverName={serverName} projectPath={projectPath} tools={tools} />;
  return tools.length <= SHORT_TOOL_LIST ? (
    <div className="tools">
      <p className="tools-title">{title}</p>
      {list}
    </div>
  ) : (
    <details className="tools">
      <summary className="tools-title">{title}</summary>
      {list}
    </details>
  );
}

function StderrTail({ serverName, text }: { serverName: string; text: string }) {
  return (
    <details className="stderr" open>
      <summary>Server stderr (last 4 KB)</summary>
      {/* Scrollable from the keyboard, and scrolled to its end: the last lines say most. */}
      <div className="stderr-scroll" tabIndex={0} role="region" aria-label={`stderr of ${serverName}`}>
        <pre>{text}</pre>
      </div>
    </details>
  );
}
