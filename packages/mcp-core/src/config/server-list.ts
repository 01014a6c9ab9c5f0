/**
 * Reads the MCP servers Claude Code would use for a project, straight from its config files
 * (the CLI's own `mcp list` health-checks every server and prints text only).
 *
 * Order of `servers`: by scope in precedence order (local, project, user), then by name
 * (code-unit order); duplicates of one name from several `.mcp.json` files come closest first.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readClaudeConfig, readMcpJson, type StoredServers } from './claude-config';
import { effectiveStatuses, type EffectiveEntry } from './effective-status';
import { readManagedConfig } from './managed';
import { expandedTexts, missingVariables } from './missing-env';
import { localProjectKey, projectDirChain, realProjectDir } from './project-key';
import { isRecord } from '../records';
import { PLUGIN_VARIABLES, readPluginServers } from './plugins';
import { normalizeServer } from './server-normalizer';
import { readSettingsFiles } from './settings';
import type { Scope } from '../schemas';
import type { ConfigProblem, KnownProject, Server, ServerList, ServerScope } from './types';

export interface ListServersOptions {
  configPath: string;
  projectPath: string;
  /** CLAUDE_CONFIG_DIR, else ~/.claude: where the user's settings.json and plugins are. */
  claudeDir: string;
  /** The folder of managed-mcp.json and managed-settings.json. */
  managedDir: string;
  /** The environment Claude Code starts servers with, for `missingEnv`. */
  env: NodeJS.ProcessEnv;
  /** Show env and header values instead of `REDACTED`. */
  reveal?: boolean;
}

export interface FindStoredEntriesOptions {
  configPath: string;
  projectPath: string;
  name: string;
  /** The `.mcp.json` to look in for project scope; defaults to the project dir's own. */
  mcpJsonPath?: string | undefined;
}

/** A raw entry as stored, for picking the scope of a remove and verifying a write. */
export interface StoredEntry {
  scope: Scope;
  source: string;
  entry: Record<string, unknown>;
}

const SCOPE_RANK: Record<ServerScope, number> = { managed: 0, local: 1, project: 2, user: 3, plugin: 4 };

/**
 * Every server visible from `projectPath`, each with what Claude Code does with it there
 * (effective-status.ts). Precedence is local > project > user, and among `.mcp.json` files the
 * closest to the project wins.
 */
export async function listServers({
  configPath,
  projectPath,
  claudeDir,
  managedDir,
  env,
  reveal = false,
}: ListServersOptions): Promise<ServerList> {
  const problems: ConfigProblem[] = [];
  const [config, key, mcpJsonFiles, settings, managed] = await Promise.all([
    readClaudeConfig(configPath),
    localProjectKey(projectPath),
    readMcpJsonChain(projectPath),
    readSettingsFiles({ claudeDir, managedDir, projectPath }, problems),
    readManagedConfig(managedDir, problems),
  ]);
  const project = config.projects.get(key);
  const pluginServers = await readPluginServers(claudeDir, settings, problems);
  // Claude Code sets these for a plugin's servers.
  const pluginEnv = {
    ...env,
    ...Object.fromEntries(PLUGIN_VARIABLES.map((name) => [name, 'set by Claude Code'])),
  };
  // In precedence order, `.mcp.json` files closest first.
  const stored = [
    ...storedServers('managed', managed?.path, managed?.servers),
    ...storedServers('local', configPath, project?.servers),
    ...mcpJsonFiles.flatMap(({ path, servers }) => storedServers('project', path, servers)),
    ...storedServers('user', configPath, config.userServers),
    ...pluginServers,
  ];
  const judged = effectiveStatuses(stored, {
    settings,
    trust: { trusted: project?.hasTrustDialogAccepted ?? false, configPath, projectKey: key },
    disabledInProject: project?.disabledMcpServers ?? [],
    managed,
  });
  const servers = judged.map(([storedServer, verdict]): Server => {
    const { plugin } = storedServer;
    const missingEnv = missingVariables(expandedTexts(storedServer.entry), plugin ? pluginEnv : env);
    return {
      ...normalizeServer(storedServer, reveal),
      ...verdict,
      ...(missingEnv.length > 0 && { missingEnv }),
      ...((storedServer.scope === 'managed' || plugin) && { readOnly: true }),
      ...(plugin && { plugin: plugin.id }),
    };
  });
  servers.sort((a, b) => SCOPE_RANK[a.scope] - SCOPE_RANK[b.scope] || compareText(a.name, b.name));
  // Files are read concurrently: the order they failed in is no order at all.
  problems.sort((a, b) => compareText(a.file, b.file));
  return { configPath, projectPath, servers, problems };
}

/** The projects `.claude.json` knows, by path. */
export async function listProjects(configPath: string): Promise<KnownProject[]> {
  const config = await readClaudeConfig(configPath);
  const projects = await Promise.all(
    [...config.projects].map(async ([path, settings]) => ({
      path,
      localCount: settings.servers.size,
      hasMcpJson: await isFile(join(path, '.mcp.json')),
    })),
  );
  return projects.sort((a, b) => compareText(a.path, b.path));
}

/**
 * The raw entries named `name` in local, project and user scope, in that order. Project scope
 * is one `.mcp.json`: `mcpJsonPath`, else the project dir's own (the file the CLI writes).
 * Entries that are not objects are not returned.
 */
export async function findStoredEntries({
  configPath,
  projectPath,
  name,
  mcpJsonPath: givenMcpJsonPath,
}: FindStoredEntriesOptions): Promise<StoredEntry[]> {
  const mcpJsonPath = givenMcpJsonPath ?? (await projectMcpJsonPath(projectPath));
  const [config, key, projectServers] = await Promise.all([
    readClaudeConfig(configPath),
    localProjectKey(projectPath),
    readMcpJson(mcpJsonPath),
  ]);
  const candidates: [Scope, string, StoredServers | undefined][] = [
    ['local', configPath, config.projects.get(key)?.servers],
    ['project', mcpJsonPath, projectServers],
    ['user', configPath, config.userServers],
  ];
  return candidates.flatMap(([scope, source, servers]) => {
    const entry = servers?.get(name);
    return isRecord(entry) ? [{ scope, source, entry: structuredClone(entry) }] : [];
  });
}

/** The project dir's own `.mcp.json`, the one the CLI writes when run there. */
export async function projectMcpJsonPath(projectPath: string): Promise<string> {
  return join(await realProjectDir(projectPath), '.mcp.json');
}

/** Every `.mcp.json` from the project dir up to the filesystem root, closest first. */
async function readMcpJsonChain(projectPath: string): Promise<{ path: string; servers: StoredServers }[]> {
  const files = await Promise.all(
    (await projectDirChain(projectPath)).map(async (dir) => {
      const path = join(dir, '.mcp.json');
      return { path, servers: await readMcpJson(path) };
    }),
  );
  return files.flatMap(({ path, servers }) => (servers === undefined ? [] : [{ path, servers }]));
}

function storedServers(
  scope: ServerScope,
  source: string | undefined,
  servers: StoredServers | undefined,
): EffectiveEntry[] {
  if (source === undefined) return [];
  return [...(servers ?? [])].map(([name, entry]) => ({ name, scope, source, entry }));
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
