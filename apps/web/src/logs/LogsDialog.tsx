import { useState } from 'react';
import type { ServerEntry } from '../trpc';
import { Dialog } from '../ui/Dialog';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useServerLogs } from './api';
import { launchCommand } from './launch-command';
import './logs.css';

interface LogsDialogProps {
  server: ServerEntry;
  projectPath: string;
  /** Our own check of this row, in words, when one ran: shown beside Claude Code's account. */
  checkSummary: string | undefined;
  onClose: () => void;
}

/** Claude Code's own logs of connecting to one server, newest session first, errors marked. */
export function LogsDialog({ server, projectPath, checkSummary, onClose }: LogsDialogProps) {
  return (
    <Dialog title={`Logs of ${server.name}`} onClose={onClose} size="wide">
      <ServerLogs server={server} projectPath={projectPath} checkSummary={checkSummary} />
      <form method="dialog" className="dialog-actions">
        <button type="submit">Close</button>
      </form>
    </Dialog>
  );
}

/** The logs themselves: what Claude Code runs, our last check, then each session's lines (also in a server's sheet). */
export function ServerLogs({ server, projectPath, checkSummary }: Omit<LogsDialogProps, 'onClose'>) {
  const logs = useServerLogs(server.name, projectPath);
  const command = launchCommand(server);
  return (
    <>
      {command !== undefined && <LaunchCommand command={command} isUrl={server.command === undefined} />}
      {checkSummary !== undefined && (
        <p className="logs-check">
          <span className="muted">Our last check: </span>
          {checkSummary}
        </p>
      )}
      {logs.isPending && <p className="muted">Reading Claude Code&apos;s logs…</p>}
      {logs.error !== null && <ErrorAlert message={logs.error.message} />}
      {logs.data?.length === 0 && (
        <p className="muted">
          Claude Code has written no log for this server in this project yet. It writes one each time it
          connects: start <code>claude</code> in this folder.
        </p>
      )}
      {logs.data?.map((session) => (
        <section
          key={session.file}
          className="log-session"
          aria-label={`Session of ${sessionTime(session.time)}`}
        >
          <h3>
            {sessionTime(session.time)}
            {session.lines.some((line) => line.level === 'error') && <span className="note bad">Errors</span>}
          </h3>
          <p className="muted log-file">{session.file}</p>
          {session.problem !== undefined && <p className="muted">Not read: {session.problem}</p>}
          {session.truncated && <p className="muted">Earlier lines left out.</p>}
          <ol className="log-lines">
            {session.lines.map((line, index) => (
              <li key={index} className={line.level === 'error' ? 'log-line error' : 'log-line'}>
                {line.time !== undefined && <time dateTime={line.time}>{clockTime(line.time)}</time>}
                {line.level === 'error' && <strong className="log-level">Error</strong>}
                <pre>{line.text}</pre>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}

function LaunchCommand({ command, isUrl }: { command: string; isUrl: boolean }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="launch-command">
      <p className="muted">{isUrl ? 'Claude Code connects to' : 'Claude Code runs'}</p>
      <code>{command}</code>
      <button
        type="button"
        className="secondary small"
        onClick={() => {
          void navigator.clipboard.writeText(command).then(() => {
            setCopied(true);
          });
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}

function sessionTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

function clockTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString();
}
