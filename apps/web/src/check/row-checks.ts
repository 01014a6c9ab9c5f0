import { useState } from 'react';
import { rowKey, type WritableServer } from '../rows';
import { httpStatusOf, type CheckAllEvent, type CheckResult, type ServerEntry } from '../trpc';
import { useCheckServer } from './api';

/** A row's check: under way, its result, or why it could not be asked for. */
export type RowCheck =
  /** Since `startedAt` (`Date.now()`); `cancel` stops it, and the row goes back to what it showed before. */
  | { state: 'running'; startedAt: number; cancel: () => void }
  /** Waiting in a `Check all`, which is cancelled as a whole; stopped, the row shows `before` again. */
  | { state: 'running'; startedAt: number; inCheckAll: { before: RowCheck | undefined } }
  | { state: 'done'; result: CheckResult }
  /** `error` as thrown: a server out of reach is said once on the page (see connection/unreachable.ts). */
  | { state: 'error'; message: string; error: Error };

export interface RowChecks {
  of(projectPath: string, server: ServerEntry): RowCheck | undefined;
  /** Checks the row's entry; one that needs the user's confirmation goes to `onNeedsConfirmation`. */
  check(server: WritableServer, projectPath: string, confirm?: boolean): void;
  /** A `Check all` started: each of `servers` it checks waits for its result. */
  startAll(projectPath: string, servers: readonly ServerEntry[]): void;
  /** A result `mcp.checkAll` brought. */
  record(projectPath: string, event: CheckAllEvent): void;
  /** The `Check all` ended (or was cancelled): the rows still waiting show what they showed before. */
  endAll(): void;
}

/** Each row's latest check, kept in the list while the rows come and go. */
export function useRowChecks(
  onNeedsConfirmation: (server: WritableServer, projectPath: string) => void,
): RowChecks {
  const checkServer = useCheckServer();
  const [checks, setChecks] = useState<ReadonlyMap<string, RowCheck>>(new Map());
  const set = (key: string, check: RowCheck | null) => {
    setChecks((previous) => {
      const next = new Map(previous);
      if (check === null) next.delete(key);
      else next.set(key, check);
      return next;
    });
  };
  return {
    of: (projectPath, server) => checks.get(rowKey(server, projectPath)),
    check(server, projectPath, confirm) {
      const key = rowKey(server, projectPath);
      const stop = new AbortController();
      const cancel = () => {
        stop.abort();
        set(key, null);
      };
      set(key, { state: 'running', startedAt: Date.now(), cancel });
      checkServer(server, projectPath, confirm, stop.signal).then(
        (result) => {
          if (!stop.signal.aborted) set(key, { state: 'done', result });
        },
        (error: unknown) => {
          if (stop.signal.aborted) return;
          // 412: an unapproved project server; nothing ran, and the user decides whether it may.
          if (httpStatusOf(error) === 412) {
            set(key, null);
            onNeedsConfirmation(server, projectPath);
          } else {
            const failure = error instanceof Error ? error : new Error(String(error));
            set(key, { state: 'error', message: failure.message, error: failure });
          }
        },
      );
    },
    startAll(projectPath, servers) {
      const startedAt = Date.now();
      setChecks((previous) => {
        const next = new Map(previous);
        // What mcp.checkAll checks (core check/active.ts); a row's own check under way goes on.
        for (const server of servers.filter((entry) => entry.status === 'active')) {
          const key = rowKey(server, projectPath);
          const before = previous.get(key);
          if (before?.state !== 'running')
            next.set(key, { state: 'running', startedAt, inCheckAll: { before } });
        }
        return next;
      });
    },
    record(projectPath, event) {
      set(rowKey(event, projectPath), { state: 'done', result: event.result });
    },
    endAll() {
      setChecks((previous) => {
        const next = new Map(previous);
        for (const [key, check] of previous) {
          if (check.state !== 'running' || !('inCheckAll' in check)) continue;
          if (check.inCheckAll.before === undefined) next.delete(key);
          else next.set(key, check.inCheckAll.before);
        }
        return next;
      });
    },
  };
}
