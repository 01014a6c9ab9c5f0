/**
 * MCP Admin's stash of switched-off user and local servers (`.mcp-admin/disabled.json`), below
 * any audit or CLI call: the key a server is kept under, and the settling of what a crash between
 * a switch's two steps left (the stash is always written first, see service/switches/stash-switch.ts).
 */
import {
  disabledStashPath,
  localProjectKey,
  projectSettings,
  readClaudeConfig,
  readDisabledStash,
  updateDisabledStash,
} from '../config';
import type { StashedServer, StashKey } from '../config';
import { fieldsDifferingAsLoaded } from '../entry-comparison';
import { isRecord } from '../records';

/** The key of a user or local server in the stash: local ones are kept per project, as the CLI keys them. */
export async function stashKeyOf(
  name: string,
  scope: 'user' | 'local',
  projectPath: string,
): Promise<StashKey> {
  return scope === 'user' ? { scope, name } : { scope, project: await localProjectKey(projectPath), name };
}

/**
 * Drops from the stash every server also stored identically in `.claude.json` (a disable stopped
 * before its remove, or an enable stopped after its add); returns the dropped ones. The caller holds
 * the own-files lock (own-lock.ts): a change of another MCP Admin that is still running holds it
 * for its whole sequence, so what this finds in both places was left by one that is gone.
 */
export async function settleStash(configPath: string): Promise<StashedServer[]> {
  const stashPath = disabledStashPath(configPath);
  const stash = await readDisabledStash(stashPath);
  if (stash.length === 0) return [];
  const config = await readClaudeConfig(configPath);
  const dropped = stash.filter((server) => {
    const servers =
      server.scope === 'user'
        ? config.userServers
        : projectSettings(config.projects.get(server.project)).servers;
    const stored = servers.get(server.name);
    return isRecord(stored) && fieldsDifferingAsLoaded(stored, server.entry).length === 0;
  });
  if (dropped.length > 0) {
    await updateDisabledStash(stashPath, (now) =>
      now.filter((server) => !dropped.some((gone) => JSON.stringify(gone) === JSON.stringify(server))),
    );
  }
  return dropped;
}
