import { useEffect } from 'react';
import { reportReachable } from './connection/connection-state';
import { trpc } from './trpc';

/**
 * Keeps the server list, the known projects, the history and the managed-config banner current
 * when Claude Code's config files change, also outside the panel (another terminal running
 * `claude mcp add`, Claude Code itself, an administrator installing a managed-mcp.json, a change
 * made in another tab of the panel).
 */
export function useLiveUpdates(projectPath: string): void {
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.mcp.list.invalidate();
    void utils.mcp.projects.invalidate();
    void utils.mcp.history.invalidate();
    void utils.system.info.invalidate();
  };
  // The link reconnects by itself; while it tries after a failure, the panel says the connection is lost.
  const events = trpc.mcp.events.useSubscription(
    { projectPath },
    {
      // Also on every (re)connection: a change made while no stream was open has no event.
      onStarted: refresh,
      onData: refresh,
    },
  );
  const lost = events.status === 'error' || (events.status === 'connecting' && events.error !== null);
  const open = events.status === 'pending';
  useEffect(() => {
    if (lost) reportReachable(false);
    else if (open) reportReachable(true);
  }, [lost, open]);
}
