/** The servers feature's changes: each refreshes what a change affects, whether it landed or not. */
import { skipToken, useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRefreshAfterChange } from '../refresh-after-change';
import { isWritable, type WritableServer } from '../rows';
import { trpc, type ServerEntry } from '../trpc';
import type { MoveOutcome } from './move-all-secrets';

export function useRemoveServer(onRemoved: () => void) {
  const refreshAfterChange = useRefreshAfterChange();
  return trpc.mcp.remove.useMutation({ onSettled: refreshAfterChange, onSuccess: onRemoved });
}

/** `mcp.secretsToKeychain` for one server. */
export function useMoveSecretsToKeychain(onMoved: () => void) {
  const refreshAfterChange = useRefreshAfterChange();
  return trpc.mcp.secretsToKeychain.useMutation({ onSettled: refreshAfterChange, onSuccess: onMoved });
}

/**
 * "Move all secrets to the keychain": mcp.secretsToKeychain for each server in turn, `onOutcome` with
 * the outcomes so far after each (a failure is one server's outcome, never the run's end), then the refresh.
 */
export function useMoveAllSecretsToKeychain() {
  const utils = trpc.useUtils();
  const refreshAfterChange = useRefreshAfterChange();
  return async (
    servers: readonly { name: string; scope: 'user' | 'local' }[],
    projectPath: string,
    onOutcome: (outcomes: MoveOutcome[]) => void,
  ) => {
    const outcomes: MoveOutcome[] = [];
    for (const { name, scope } of servers) {
      try {
        const result = await utils.client.mcp.secretsToKeychain.mutate({ name, scope, projectPath });
        outcomes.push({ name, ok: true, message: result.message });
      } catch (error) {
        outcomes.push({ name, ok: false, error: error instanceof Error ? error.message : String(error) });
      }
      onOutcome([...outcomes]);
    }
    await refreshAfterChange();
  };
}

/** The newest recorded move of one server's secrets to the keychain that can still be undone (for its `Undo`). */
export function useFindSecretsMove() {
  const utils = trpc.useUtils();
  return async (name: string, scope: string) =>
    (await utils.client.mcp.history.query({ limit: 50 })).find(
      (change) =>
        change.procedure === 'mcp.secretsToKeychain' &&
        change.name === name &&
        change.scope === scope &&
        change.ok &&
        change.undoable,
    );
}

/** Whether a keychain can keep secrets now (`system.info`, shared with the header's query). */
export function useKeychainAvailability() {
  return trpc.system.info.useQuery(undefined, { select: (info) => info.keychain });
}

/** The row's lasting on/off switch: `mcp.enable` or `mcp.disable`, the state asked for as the variable. */
export function useSetEnabled(server: WritableServer, projectPath: string) {
  const utils = trpc.useUtils();
  const refreshAfterChange = useRefreshAfterChange();
  return useMutation({
    mutationFn: (on: boolean) => {
      const input = { name: server.name, scope: server.scope, projectPath };
      return on ? utils.client.mcp.enable.mutate(input) : utils.client.mcp.disable.mutate(input);
    },
    // Pending until the list shows the change, so the switch never flips back in between; the
    // history lists the switch too.
    onSettled: refreshAfterChange,
  });
}

/**
 * The row's per-project switch: `mcp.enableInProject` or `mcp.disableInProject` (Claude Code's own
 * `/mcp` toggle), the state asked for as the variable.
 */
export function useSetOnInProject(server: ServerEntry, projectPath: string) {
  const utils = trpc.useUtils();
  const refreshAfterChange = useRefreshAfterChange();
  return useMutation({
    mutationFn: (on: boolean) => {
      const input = { name: server.name, projectPath };
      return on
        ? utils.client.mcp.enableInProject.mutate(input)
        : utils.client.mcp.disableInProject.mutate(input);
    },
    onSettled: refreshAfterChange,
  });
}

/** A changed entry leaves its kept check behind: the kept checks are asked again each time the list changes. */
export function useKeptChecksFollow(servers: readonly ServerEntry[]) {
  const utils = trpc.useUtils();
  const listed = useRef(servers);
  useEffect(() => {
    if (listed.current === servers) return;
    listed.current = servers;
    void utils.mcp.contextCost.invalidate();
  }, [servers, utils]);
}

/**
 * The check the server kept of the entry (`mcp.lastCheck`), for its sheet while no check was made in
 * this page: its tools and their permissions, or why it failed, without checking again.
 */
export function useLastCheck(server: ServerEntry, projectPath: string, enabled: boolean) {
  // Only a written entry is checked (mcp.check takes user, local and project scope).
  const { name, source } = server;
  return trpc.mcp.lastCheck.useQuery(
    enabled && isWritable(server)
      ? { name, scope: server.scope, projectPath, ...(source === undefined ? {} : { source }) }
      : skipToken,
  );
}
