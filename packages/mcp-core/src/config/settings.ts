/**
 * The settings files that decide which servers Claude Code 2.1 loads in a project, and the keys of
 * them that do: approvals of `.mcp.json` servers, the deny and allow lists, and enabled plugins.
 * Claude Code reads, for a project dir: the managed `managed-settings.json`, the user's
 * `settings.json` (in CLAUDE_CONFIG_DIR, else ~/.claude), `.claude/settings.json` and
 * `.claude/settings.local.json` of the dir itself, and `.claude/settings.local.json` of its git
 * root: a git root's shared `.claude/settings.json` is not read from a folder below it (checked
 * with the CLI 2.1.332: neither its disabledMcpjsonServers nor its permission rules apply there).
 */
import { join } from 'node:path';
import { isRecord } from '../records';
import { readJsonFile } from './json-file';
import { serverRulesOf, type ServerRule } from './policy';
import { projectPlace, type ProjectPlace } from './project-key';
import type { ConfigProblem, SettingsSource } from './types';

export type { SettingsSource } from './types';

export interface McpSettings {
  source: SettingsSource;
  path: string;
  enabledMcpjsonServers: readonly string[];
  disabledMcpjsonServers: readonly string[];
  enableAllProjectMcpServers: boolean;
  /** Absent when the file has no such list (an empty list is a list). */
  deniedMcpServers?: readonly ServerRule[];
  allowedMcpServers?: readonly ServerRule[];
  allowManagedMcpServersOnly: boolean;
  /** Plugin ids (`plugin@marketplace`) turned on or off. */
  enabledPlugins: ReadonlyMap<string, boolean>;
}

export interface SettingsLocations {
  /** CLAUDE_CONFIG_DIR, else ~/.claude: where the user's settings.json is. */
  claudeDir: string;
  /** The folder of managed-settings.json and managed-mcp.json. */
  managedDir: string;
  projectPath: string;
}

/** The settings files' folders apart from the project: `SettingsLocations` once the project is placed. */
export type SettingsDirs = Omit<SettingsLocations, 'projectPath'>;

/** Where Claude Code looks for settings, most authoritative first: managed, user, the dir's shared and local file, its git root's local file. */
export async function settingsFilesOf(
  locations: SettingsLocations,
): Promise<{ source: SettingsSource; path: string }[]> {
  return settingsFilesAt(locations, await projectPlace(locations.projectPath));
}

function settingsFilesAt(
  { claudeDir, managedDir }: SettingsDirs,
  { dir, key }: ProjectPlace,
): { source: SettingsSource; path: string }[] {
  return [
    { source: 'managed', path: join(managedDir, 'managed-settings.json') },
    { source: 'user', path: join(claudeDir, 'settings.json') },
    { source: 'project', path: join(dir, '.claude', 'settings.json') },
    ...[...new Set([dir, key])].map((projectDir) => ({
      source: 'local' as const,
      path: join(projectDir, '.claude', 'settings.local.json'),
    })),
  ];
}

/** The settings files that exist, in the order of `settingsFilesOf`. */
export async function readSettingsFiles(
  locations: SettingsLocations,
  problems: ConfigProblem[],
): Promise<McpSettings[]> {
  return readSettingsFilesAt(locations, await projectPlace(locations.projectPath), problems);
}

/** `readSettingsFiles` of a project already placed. */
export async function readSettingsFilesAt(
  dirs: SettingsDirs,
  place: ProjectPlace,
  problems: ConfigProblem[],
): Promise<McpSettings[]> {
  const read = await Promise.all(
    settingsFilesAt(dirs, place).map(async ({ source, path }) =>
      toSettings(source, path, await readJsonFile(path, problems)),
    ),
  );
  return read.filter((settings) => settings !== undefined);
}

function toSettings(source: SettingsSource, path: string, document: unknown): McpSettings | undefined {
  if (!isRecord(document)) return undefined;
  const denied = serverRulesOf(document.deniedMcpServers);
  const allowed = serverRulesOf(document.allowedMcpServers);
  return {
    source,
    path,
    enabledMcpjsonServers: stringsOf(document.enabledMcpjsonServers),
    disabledMcpjsonServers: stringsOf(document.disabledMcpjsonServers),
    enableAllProjectMcpServers: document.enableAllProjectMcpServers === true,
    ...(denied && { deniedMcpServers: denied }),
    ...(allowed && { allowedMcpServers: allowed }),
    allowManagedMcpServersOnly: document.allowManagedMcpServersOnly === true,
    enabledPlugins: new Map(
      Object.entries(isRecord(document.enabledPlugins) ? document.enabledPlugins : {}).flatMap(
        ([id, enabled]): [string, boolean][] => (typeof enabled === 'boolean' ? [[id, enabled]] : []),
      ),
    ),
  };
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}
