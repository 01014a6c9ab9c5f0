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
    // Which profile matches what is on now changes with the servers.
    void utils.mcp.profiles.invalidate();
    void utils.system.info.invalidate();
  };
  // Errors are not shown: the link reconnects by itself, and the queries report their own failures.
  trpc.mcp.events.useSubscription(
    { projectPath },
    {
      // Also on every (re)connection: a change made while no stream was open has no event.
      onStarted: refresh,
      onData: refresh,
    },
  );
}
