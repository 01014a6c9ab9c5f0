import { useState } from 'react';
import { rowKey, usesOAuth, type WritableServer } from '../rows';
import type { ServerEntry } from '../trpc';
import { useLogout, useRefreshList } from './api';
import { signInHealth } from './sign-in-health';

/** The sign-in on screen, with the tab its authorization page goes to; `run` tells a new one from the last. */
export interface SignInState {
  server: WritableServer;
  projectPath: string;
  tab: Window | null;
  run: number;
  done: boolean;
}

/** A remote row offers `Sign in` when it is signed out, its sign-in expired for good, or its check asked for authentication. */
export function offersSignIn(
  server: ServerEntry,
  checkStatus: string | undefined,
  now: number = Date.now(),
): boolean {
  // OAuth only: a fixed Authorization header is how that server is signed in to.
  if (!usesOAuth(server)) return false;
  // Claude Code connects to no unapproved .mcp.json server, so the server refuses its sign-in.
  if (server.scope === 'project' && server.approval !== 'approved') return false;
  return (
    server.auth === 'signed-out' ||
    checkStatus === 'needs-auth' ||
    signInHealth(server, now)?.needsSignIn === true
  );
}

/** The table's sign-in (one at a time) and sign-outs; its code loads with the table, not with the first paint. */
export function useRowSignIns() {
  const refreshList = useRefreshList();
  const [signIn, setSignIn] = useState<SignInState | null>(null);
  const [signOutFailure, setSignOutFailure] = useState<{ row: string; error: Error } | null>(null);
  const logout = useLogout();
  return {
    signIn,
    running: signIn !== null && !signIn.done,
    /** Call in the click itself: a tab may be opened only there. */
    start(server: WritableServer, projectPath: string) {
      // Blank until the CLI printed its address; cut off from this page before it goes anywhere.
      const tab = window.open('', '_blank');
      if (tab !== null) tab.opener = null;
      setSignIn({ server, projectPath, tab, run: (signIn?.run ?? 0) + 1, done: false });
    },
    finished() {
      setSignIn((current) => current && { ...current, done: true });
      void refreshList();
    },
    close() {
      setSignIn(null);
    },
    signOut(server: WritableServer, projectPath: string) {
      const { name, scope, source } = server;
      setSignOutFailure(null);
      logout.mutate(
        { name, scope, projectPath, source },
        {
          onError: (error) => {
            setSignOutFailure({
              row: rowKey(server, projectPath),
              error: error instanceof Error ? error : new Error(error.message),
            });
          },
        },
      );
    },
    /** Why the last sign-out of the row (its `rowKey`) failed, if it did. */
    signOutErrorOf(row: string): Error | undefined {
      return signOutFailure?.row === row ? signOutFailure.error : undefined;
    },
  };
}

export type RowSignIns = ReturnType<typeof useRowSignIns>;
