import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { reportStream } from './connection-state';
import { useConfigEvents, useRefreshAll, useRereadInfo } from './api';

/**
 * How long to wait before opening the stream again after it ended (the server is shutting down) or
 * failed for good (a stopping server answered 503): doubled after each miss in a row, up to the cap.
 */
const REOPEN_AFTER_MS = 1000;
const REOPEN_AFTER_AT_MOST_MS = 16_000;

/**
 * Keeps the server list, the known projects, the history, the permission rules and the
 * managed-config banner current
 * when Claude Code's config files change, also outside the panel (another terminal running
 * `claude mcp add`, Claude Code itself, an administrator installing a managed-mcp.json, a change
 * made in another tab of the panel). The stream is also the panel's sign that the server is there.
 */
export function useLiveUpdates(projectPath: string): void {
  const refresh = useRefreshAll();
  const rereadInfo = useRereadInfo();
  // Each time the stream ends or fails for good, it is opened again: `misses` counts every such
  // time (each owes one reopening), `inARow` those since it was last open (the delay grows).
  const [misses, setMisses] = useState(0);
  const inARow = useRef(0);
  const missed = () => {
    reportStream('lost');
    inARow.current += 1;
    setMisses((count) => count + 1);
  };
  const events = useConfigEvents(projectPath, {
    // Also on every (re)connection: a change made while no stream was open has no event.
    onStarted() {
      inARow.current = 0;
      refresh();
    },
    onData: refresh,
    // A stopping server closes the stream cleanly.
    onComplete: missed,
    // The browser gives up on a stream answered with an error status; tRPC then stops too. The
    // info's answer tells why: a session a restarted MCP Admin no longer knows gets the sign-in hint.
    onError() {
      missed();
      rereadInfo();
    },
  });
  const reopen = useEffectEvent(() => {
    events.reset();
  });
  useEffect(() => {
    if (misses === 0) return;
    const delay = Math.min(REOPEN_AFTER_MS * 2 ** (Math.max(inARow.current, 1) - 1), REOPEN_AFTER_AT_MOST_MS);
    const timer = window.setTimeout(() => {
      reopen();
    }, delay);
    return () => {
      window.clearTimeout(timer);
    };
  }, [misses]);
  // The link reconnects by itself after a network failure; while it tries, the connection is lost.
  const lost = events.status === 'error' || (events.status === 'connecting' && events.error !== null);
  const open = events.status === 'pending';
  useEffect(() => {
    if (lost) reportStream('lost');
    else if (open) reportStream('open');
  }, [lost, open]);
}
