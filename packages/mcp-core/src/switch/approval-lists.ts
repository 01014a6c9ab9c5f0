/**
 * Claude Code's own on/off for a `.mcp.json` server: its name in `disabledMcpjsonServers` or
 * `enabledMcpjsonServers` of the project's personal `.claude/settings.local.json` (git-ignored).
 * Only those two lists change; every other key of the file is written back as it was read. The
 * file is the project's, so it is read as untrusted: one that is not a JSON object, or whose list
 * is not a list, is refused with nothing written.
 */
import { dirname, join } from 'node:path';
import { readSettingsFiles, readSettingsObject, realProjectDir, writeSettingsObject } from '../config';
import type { SettingsLocations } from '../config';
import { McpCoreError } from '../errors';

export type ApprovalList = 'disabledMcpjsonServers' | 'enabledMcpjsonServers';

/** The settings file Claude Code writes a project's approvals to: the project dir's own (not its git root's). */
export async function localSettingsPath(projectPath: string): Promise<string> {
  return join(await realProjectDir(projectPath), '.claude', 'settings.local.json');
}

/** Where a name stands in the lists: a rejection wins, as in Claude Code; undefined is neither. */
function listHolding(
  disabled: readonly unknown[] | undefined,
  enabled: readonly unknown[] | undefined,
  name: string,
): ApprovalList | undefined {
  if (disabled?.includes(name) === true) return 'disabledMcpjsonServers';
  if (enabled?.includes(name) === true) return 'enabledMcpjsonServers';
  return undefined;
}

/** The list `name` stands in, in the settings file at `path`. */
export async function approvalListOf(path: string, name: string): Promise<ApprovalList | undefined> {
  const document = await readLocalSettings(path);
  const disabled = listIn(document, 'disabledMcpjsonServers', path);
  return listHolding(disabled, listIn(document, 'enabledMcpjsonServers', path), name);
}

/**
 * Puts `name` in the list `into` (or, with undefined, in neither) and takes it out of the other,
 * writing the file atomically (its mode kept; `.claude/` made if missing) only when that changes
 * it. Returns the list the name stood in before, and whether the file was written. Any
 * `disabledMcpjsonServers` wins in Claude Code, so putting the name in `enabledMcpjsonServers`
 * while another settings file of `locations` (managed, the user's, the team's, the git root's)
 * rejects it would change nothing: REJECTED_ELSEWHERE naming that file, nothing written.
 */
export async function setApprovalList(
  path: string,
  name: string,
  into: ApprovalList | undefined,
  locations: SettingsLocations,
): Promise<{ previous: ApprovalList | undefined; changed: boolean }> {
  const document = await readLocalSettings(path);
  if (into === 'enabledMcpjsonServers') await refuseIfRejectedElsewhere(name, locations, path);
  const lists = {
    disabledMcpjsonServers: listIn(document, 'disabledMcpjsonServers', path),
    enabledMcpjsonServers: listIn(document, 'enabledMcpjsonServers', path),
  };
  const previous = listHolding(lists.disabledMcpjsonServers, lists.enabledMcpjsonServers, name);
  let changed = false;
  for (const [key, list] of Object.entries(lists) as [ApprovalList, unknown[] | undefined][]) {
    const holds = list?.includes(name) === true;
    // Assigned as own data properties of the parsed object: every other key stays where it was.
    if (key === into && !holds) document[key] = [...(list ?? []), name];
    else if (key !== into && holds) document[key] = list.filter((item) => item !== name);
    else continue;
    changed = true;
  }
  if (!changed) return { previous, changed };
  await writeSettingsObject(path, document);
  return { previous, changed };
}

async function refuseIfRejectedElsewhere(name: string, locations: SettingsLocations, path: string) {
  const rejecting = (await readSettingsFiles(locations, [])).find(
    (file) => file.path !== path && file.disabledMcpjsonServers.includes(name),
  );
  if (rejecting !== undefined) {
    throw new McpCoreError(
      'REJECTED_ELSEWHERE',
      `"${name}" is in disabledMcpjsonServers of ${rejecting.path}, and a rejection wins in Claude Code: enabling it in ${path} would change nothing. Take it out of that list to enable it; nothing was written.`,
    );
  }
}

/** The file's object, read only when it could be written (see config/settings-object-file.ts). */
function readLocalSettings(path: string): Promise<Record<string, unknown>> {
  // The path is always `<project>/.claude/settings.local.json`.
  return readSettingsObject(path, dirname(dirname(path)));
}

/** The list as stored (items of any kind kept), undefined when the key is absent. */
function listIn(document: Record<string, unknown>, key: ApprovalList, path: string): unknown[] | undefined {
  if (!Object.hasOwn(document, key)) return undefined;
  const value: unknown = document[key];
  if (!Array.isArray(value)) {
    throw new McpCoreError('CONFIG_UNREADABLE', `${key} in ${path} is not a list; nothing was written.`);
  }
  return value as unknown[];
}
