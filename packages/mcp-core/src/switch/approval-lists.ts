/**
 * Claude Code's own on/off for a `.mcp.json` server: its name in `disabledMcpjsonServers` or
 * `enabledMcpjsonServers` of the project's personal `.claude/settings.local.json` (git-ignored).
 * Only those two lists change; every other key of the file is written back as it was read. The
 * file is the project's, so it is read as untrusted: one that is not a JSON object, or whose list
 * is not a list, is refused with nothing written.
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileAtomically } from '../atomic-write';
import { MiB, readConfigFile, type ConfigFileLimits } from '../config/config-file';
import { realProjectDir } from '../config/project-key';
import { McpCoreError } from '../errors';
import { isRecord } from '../records';

const SETTINGS_LIMITS: ConfigFileLimits = { maxBytes: 4 * MiB, readTimeoutMs: 5_000 };

export type ApprovalList = 'disabledMcpjsonServers' | 'enabledMcpjsonServers';

/** The settings file Claude Code writes a project's approvals to: the project dir's own (not its git root's). */
export async function localSettingsPath(projectPath: string): Promise<string> {
  return join(await realProjectDir(projectPath), '.claude', 'settings.local.json');
}

/**
 * Puts `name` in the list `into` and takes it out of the other one, writing the file atomically
 * (its mode kept; `.claude/` made if missing). Returns false, writing nothing, when the lists are
 * already so.
 */
export async function moveToApprovalList(path: string, name: string, into: ApprovalList): Promise<boolean> {
  const document = await readSettingsObject(path);
  const other: ApprovalList =
    into === 'disabledMcpjsonServers' ? 'enabledMcpjsonServers' : 'disabledMcpjsonServers';
  const target = listIn(document, into, path) ?? [];
  const opposite = listIn(document, other, path);
  const inTarget = target.includes(name);
  const inOpposite = opposite?.includes(name) ?? false;
  if (inTarget && !inOpposite) return false;
  // Assigned as own data properties of the parsed object: every other key stays where it was.
  if (!inTarget) document[into] = [...target, name];
  if (opposite !== undefined && inOpposite) document[other] = opposite.filter((item) => item !== name);
  const mode = await modeOf(path);
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFileAtomically(path, `${JSON.stringify(document, null, 2)}\n`, mode);
  } catch (error) {
    throw new McpCoreError(
      'WRITE_FAILED',
      `Cannot write ${path}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return true;
}

async function readSettingsObject(path: string): Promise<Record<string, unknown>> {
  const snapshot = await readConfigFile(path, SETTINGS_LIMITS);
  if (snapshot === undefined) return {};
  let document: unknown;
  try {
    document = JSON.parse(snapshot.bytes.toString('utf8'));
  } catch (error) {
    throw new McpCoreError(
      'CONFIG_UNREADABLE',
      `${path} is not valid JSON (${error instanceof Error ? error.message : String(error)}); nothing was written.`,
      { cause: error },
    );
  }
  if (!isRecord(document)) {
    throw new McpCoreError('CONFIG_UNREADABLE', `${path} is not a JSON object; nothing was written.`);
  }
  return document;
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

async function modeOf(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mode & 0o7777;
  } catch {
    return undefined;
  }
}
