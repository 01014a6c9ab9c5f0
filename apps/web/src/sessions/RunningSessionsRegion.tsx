import { useId, useState } from 'react';
import type { RunningSession } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useFreshAfterChange, useRunningSessions } from './api';
import { folderName, startedAgo, useMissedServers } from './session-words';
import './sessions.css';

/**
 * The running Claude Code sessions, oldest first: a session never reloads its MCP servers by
 * itself, so one that started before a change still uses the old ones until restarted or `/mcp`.
 */
export function RunningSessionsRegion({ projectPath }: { projectPath: string }) {
  const headingId = useId();
  const sessions = useRunningSessions();
  const missed = useMissedServers();
  useFreshAfterChange();
  return (
    <section className="card running-sessions" aria-labelledby={headingId}>
      <h2 id={headingId}>Running sessions</h2>
      {sessions.error !== null && <ErrorAlert message={sessions.error.message} />}
      {sessions.data?.length === 0 && (
        <p className="hint">
          No Claude Code session is running. This view lists the sessions running on this machine, and which
          miss a change made since they started: start one with <code>claude</code> in a project folder.
        </p>
      )}
      {sessions.data !== undefined && sessions.data.length > 0 && (
        <>
          <p className="hint">
            A running session keeps the MCP servers it started with: after a change, restart it or run /mcp in
            it.
          </p>
          <table className="sessions-table">
            <thead>
              <tr>
                <th scope="col">Project</th>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">Started</th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.map((session) => (
                <SessionRow
                  key={session.pid}
                  session={session}
                  projectPath={projectPath}
                  misses={missed.get(session.pid)}
                />
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function SessionRow({
  session,
  projectPath,
  misses,
}: {
  session: RunningSession;
  projectPath: string;
  /** The servers changed here since it started, which it does not see until `/mcp` or a restart. */
  misses: readonly string[] | undefined;
}) {
  const started = new Date(session.startedAt);
  const [now] = useState(Date.now);
  const here = session.cwd === projectPath || session.cwd.startsWith(`${projectPath}/`);
  return (
    <tr className={here ? 'in-project' : undefined}>
      <td title={session.cwd}>
        {folderName(session.cwd)}
        {here && <span className="note">this project</span>}
      </td>
      <td>{session.name ?? `pid ${String(session.pid)}`}</td>
      <td>
        {session.status ?? 'running'}
        {misses !== undefined && misses.length > 0 && (
          <span className="session-misses">
            <strong>Misses: {misses.join(', ')}</strong> — run /mcp in it, or restart it.
          </span>
        )}
      </td>
      <td>
        <time dateTime={started.toISOString()} title={started.toLocaleString()}>
          {startedAgo(session.startedAt, now)}
        </time>
      </td>
    </tr>
  );
}
