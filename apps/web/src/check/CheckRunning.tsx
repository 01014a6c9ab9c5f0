import { useEffect, useState } from 'react';
import type { RowCheck } from './row-checks';
import './check-running.css';

type RunningCheck = Extract<RowCheck, { state: 'running' }>;

/**
 * A check under way: how long it has waited so far (a check waits as long as Claude Code would,
 * 30 s by default), and `Cancel check <name>`, which stops it and its server. A row waiting in a
 * `Check all` has no Cancel of its own: `Cancel check all` stops the run.
 */
export function CheckRunning({ serverName, check }: { serverName: string; check: RunningCheck }) {
  const seconds = useWholeSecondsSince(check.startedAt);
  return (
    <span className="check-running">
      <span className="connection muted">Checking… {seconds} s</span>
      {'cancel' in check && (
        <button
          type="button"
          className="secondary small"
          aria-label={`Cancel check ${serverName}`}
          onClick={check.cancel}
        >
          Cancel
        </button>
      )}
    </span>
  );
}

/** The whole seconds since `since` (a `Date.now()`), counted up once a second. */
function useWholeSecondsSince(since: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, []);
  return Math.max(0, Math.floor((now - since) / 1000));
}
