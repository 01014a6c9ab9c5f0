import { useId } from 'react';
import type { RunningSession } from '../trpc';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useFreshAfterChange, useRunningSessions } from './api';
import { folderName } from './session-words';
import './sessions.css';

/**
 * The running Claude Code sessions, oldest first: a session never reloads its MCP servers by
 * itself, so one that started before a change still uses the old ones until restarted or `/mcp`.
 */
export function RunningSessionsRegion({ projectPath }: { projectPath: string }) {
  const headingId = useId();
  const sessions = useRunningSessions();
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
                <SessionRow key={session.pid} session={session} projectPath={projectPath} />
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function SessionRow({ session, projectPath }: { session: RunningSession; projectPath: string }) {
  const started = new Date(session.startedAt);
  const here = session.cwd === projectPath || session.cwd.startsWith(`${projectPath}/`);
  return (
    <tr className={here ? 'in-project' : undefined}>
      <td title={session.cwd}>
        {folderName(session.cwd)}
        {here && <span className="note">this project</span>}
      </td>
      <td>{session.name ?? `pid ${String(session.pid)}`}</td>
      <td>{session.status ?? 'running'}</td>
      <td>
        <time dateTime={started.toISOString()}>{started.toLocaleString()}</time>
      </td>
    </tr>
  );
}
