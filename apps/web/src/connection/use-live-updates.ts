import { useEffect, useEffectEvent, useState } from 'react';
import { reportReachable } from './connection-state';
import { useConfigEvents, useRefreshAll } from './api';

/** How long to wait before opening the stream again after the server ended it (it is shutting down). */
const REOPEN_AFTER_MS = 1000;

/**
 * Keeps the server list, the known projects, the history and the managed-config banner current
 * when Claude Code's config files change, also outside the panel (another terminal running
 * `claude mcp add`, Claude Code itself, an administrator installing a managed-mcp.json, a change
 * made in another tab of the panel). The stream is also the panel's sign that the server is there.
 */
export function useLiveUpdates(projectPath: string): void {
  const refresh = useRefreshAll();
  // Each time the server ends the stream (a stopping server closes it cleanly), it is opened again.
  const [endings, setEndings] = useState(0);
  const events = useConfigEvents(projectPath, {
    // Also on every (re)connection: a change made while no stream was open has no event.
    onStarted: refresh,
    onData: refresh,
    onComplete() {
      reportReachable(false);
      setEndings((count) => count + 1);
    },
  });
  const reopen = useEffectEvent(() => {
    events.reset();
  });
  useEffect(() => {
    if (endings === 0) return;
    const timer = window.setTimeout(() => {
      reopen();
    }, REOPEN_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [endings]);
  // The link reconnects by itself after a failure; while it tries, the connection is lost.
  const lost = events.status === 'error' || (events.status === 'connecting' && events.error !== null);
  const open = events.status === 'pending';
  useEffect(() => {
    if (lost) reportReachable(false);
    else if (open) reportReachable(true);
  }, [lost, open]);
}
