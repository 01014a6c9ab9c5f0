/**
 * Reads the MCP servers Claude Code would use for a project, straight from its config files
 * (the CLI's own `mcp list` health-checks every server and prints text only).
 *
 * Order of `servers`: by scope in precedence order (local, project, user), then by name
 * (code-unit order); duplicates of one name from several `.mcp.json` files come closest first.
 */
import { join } from 'node:path';
import { projectSettings, readClaudeConfig, readMcpJson, type StoredServers } from './claude-config';
import { readDisabledStash, type StashedServer } from './disabled-stash';
import { fieldsDifferingAsLoaded } from '../entry-comparison';
import { effectiveStatuses, type EffectiveEntry } from './effective-status';
import { copyJson } from './json-copy';
import { readManagedConfig } from './managed';
import { expandedTexts, missingVariables } from './missing-env';
import { dirChain, localProjectKey, projectPlace, realProjectDir } from './project-key';
import { isMcpCoreError } from '../errors';
import { isRecord } from '../records';
import { PLUGIN_VARIABLES, readPluginServers } from './plugins';
import { credentialKey, readStoredTokens, type StoredTokens } from './oauth-credentials';
import { normalizeServer, type StoredServer } from './server-normalizer';
import { readSettingsFilesAt } from './settings';
import { compareText } from './text-order';
import type { Scope } from '../schemas';
import type { ConfigProblem, Server, ServerList, ServerScope } from './types';

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
  /** Claude Code's OAuth token store (see oauth-credentials.ts); without it `auth` is left out. */
  credentialsPath?: string | undefined;
  /** MCP Admin's stash of servers turned off with its switch: they are listed as `disabled`. */
  disabledStashPath?: string | undefined;
}

export interface FindStoredEntriesOptions {
  configPath: string;
  projectPath: string;
  name: string;
  /** The `.mcp.json` to look in for project scope; defaults to the project dir's own. */
  mcpJsonPath?: string | undefined;
}

export interface FindStoredEntryOptions extends FindStoredEntriesOptions {
  scope: Scope;
}

/** A raw entry as stored, for picking the scope of a remove and verifying a write. */
export interface StoredEntry {
  scope: Scope;
  source: string;
  entry: Record<string, unknown>;
}

const SCOPE_RANK: Record<ServerScope, number> = { managed: 0, local: 1, project: 2, user: 3, plugin: 4 };
const SCOPES_BY_RANK: readonly Scope[] = ['local', 'project', 'user'];

/**
 * Every server visible from `projectPath`, each with what Claude Code does with it there
 * (effective-status.ts). Precedence is local > project > user, and among `.mcp.json` files the
 * closest to the project wins. A file that cannot be read (a `.mcp.json`, a settings file) is a
 * problem of the list, not its failure: any repository can hold one. An unreadable `.claude.json`
 * fails the call, since without it neither local nor user scope nor trust can be told.
 */
export async function listServers({
  configPath,
  projectPath,
  claudeDir,
  managedDir,
  env,
  reveal = false,
  credentialsPath,
  disabledStashPath,
}: ListServersOptions): Promise<ServerList> {
  const problems: ConfigProblem[] = [];
  // Every file is asked for as soon as its path is known: a warm list is these stats and no more.
  const placed = projectPlace(projectPath);
  const settingsRead = placed.then((place) =>
    readSettingsFilesAt({ claudeDir, managedDir }, place, problems),
  );
  const [config, { key }, mcpJsonChain, settings, managed, tokens, stashed, pluginServers] =
    await Promise.all([
      readClaudeConfig(configPath),
      placed,
      placed.then(({ dir }) => readMcpJsonChain(dirChain(dir))),
      settingsRead,
      readManagedConfig(managedDir, problems),
      credentialsPath === undefined ? undefined : readStoredTokens(credentialsPath, problems),
      disabledStashPath === undefined ? [] : readStashOrProblem(disabledStashPath, problems),
      readPluginServers(claudeDir, settingsRead, problems),
    ]);
  const storedProject = config.projects.get(key);
  const project = storedProject === undefined ? undefined : projectSettings(storedProject);
  const disabled = stashed
    .filter((server) => server.scope === 'user' || server.project === key)
    // Stored identically again, it is on: an enable is finishing (the stash is dropped last) or
    // was cut off, and the next start drops the leftover. One row, not two.
    .filter((server) => {
      const storedAgain = (server.scope === 'user' ? config.userServers : project?.servers)?.get(server.name);
      return storedAgain === undefined || fieldsDifferingAsLoaded(storedAgain, server.entry).length > 0;
    })
    .map((server) => disabledServer(server, reveal));
  problems.push(...mcpJsonChain.problems);
  // Claude Code sets these for a plugin's servers. Built only when one is listed: a copy of
  // process.env costs tens of microseconds, on every list.
  let pluginEnv: NodeJS.ProcessEnv | undefined;
  const pluginEnvOnce = () =>
    (pluginEnv ??= {
      ...env,
      ...Object.fromEntries(PLUGIN_VARIABLES.map((name) => [name, 'set by Claude Code'])),
    });
  // In precedence order, `.mcp.json` files closest first.
  const stored = [
    ...storedServers('managed', managed?.path, managed?.servers),
    ...storedServers('local', configPath, project?.servers),
    ...mcpJsonChain.files.flatMap(({ path, servers }) => storedServers('project', path, servers)),
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
    const missingEnv = missingVariables(expandedTexts(storedServer.entry), plugin ? pluginEnvOnce() : env);
    const server = normalizeServer(storedServer, reveal);
    const auth = tokens === undefined ? {} : authOf(storedServer, tokens);
    return {
      ...server,
      ...verdict,
      ...(missingEnv.length > 0 && { missingEnv }),
      ...((storedServer.scope === 'managed' || plugin) && { readOnly: true }),
      ...(plugin && { plugin: plugin.id }),
      ...auth,
    };
  });
  servers.push(...disabled);
  servers.sort((a, b) => SCOPE_RANK[a.scope] - SCOPE_RANK[b.scope] || compareText(a.name, b.name));
  // Files are read concurrently: the order they failed in is no order at all.
  problems.sort((a, b) => compareText(a.file, b.file));
  return { configPath, projectPath, servers, problems };
}

/**
 * Whether Claude Code holds a token for a remote server, and until when the store says it holds;
 * nothing for other transports. Never the token itself.
 */
function authOf(
  stored: StoredServer,
  tokens: StoredTokens,
): Pick<Server, 'auth' | 'authExpiresAt' | 'authRefreshable'> {
  // The key is over the real header values, which the listed entry may hide.
  const server = normalizeServer(stored, true);
  if (server.transport !== 'http' && server.transport !== 'sse') return {};
  const token = tokens.get(credentialKey(server));
  if (token === undefined) return { auth: 'signed-out' };
  return {
    auth: 'signed-in',
    ...(token.expiresAt !== undefined && { authExpiresAt: token.expiresAt }),
    ...(token.refreshable && { authRefreshable: true }),
  };
}

/** The stash's servers; a stash that cannot be read is a problem of the list, which goes on without it. */
async function readStashOrProblem(
  path: string,
  problems: ConfigProblem[],
): Promise<(StashedServer & { source: string })[]> {
  try {
    return (await readDisabledStash(path)).map((server) => ({ ...server, source: path }));
  } catch (error) {
    if (!isMcpCoreError(error) || error.code !== 'CONFIG_UNREADABLE') throw error;
    problems.push({ file: path, message: error.message });
    return [];
  }
}

/** A stashed server: out of Claude Code's config, so it neither wins over nor gives way to any entry. */
function disabledServer(stashed: StashedServer & { source: string }, reveal: boolean): Server {
  const { name, scope, source, entry } = stashed;
  return {
    ...normalizeServer({ name, scope, source, entry }, reveal),
    status: 'disabled',
    statusReason: `${JSON.stringify(name)} is turned off in MCP Admin: its whole entry is kept in ${source} until it is enabled again.`,
    disabled: true,
  };
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
  mcpJsonPath,
}: FindStoredEntriesOptions): Promise<StoredEntry[]> {
  const entries = await Promise.all(
    SCOPES_BY_RANK.map((scope) => findStoredEntry({ configPath, projectPath, name, scope, mcpJsonPath })),
  );
  return entries.filter((entry) => entry !== undefined);
}

/** The raw entry named `name` in one scope, reading only the file that scope lives in. */
export async function findStoredEntry({
  configPath,
  projectPath,
  name,
  scope,
  mcpJsonPath,
}: FindStoredEntryOptions): Promise<StoredEntry | undefined> {
  const { source, servers } = await storedServersIn(scope, configPath, projectPath, mcpJsonPath);
  const entry = servers?.get(name);
  // A copy, made without recursion: the caller's to change, and any depth is fine.
  return isRecord(entry) ? { scope, source, entry: copyJson(entry) as Record<string, unknown> } : undefined;
}

/** The project dir's own `.mcp.json`, the one the CLI writes when run there. */
export async function projectMcpJsonPath(projectPath: string): Promise<string> {
  return join(await realProjectDir(projectPath), '.mcp.json');
}

/** Project scope is one `.mcp.json`: `mcpJsonPath`, else the project dir's own (the file the CLI writes). */
async function storedServersIn(
  scope: Scope,
  configPath: string,
  projectPath: string,
  mcpJsonPath: string | undefined,
): Promise<{ source: string; servers: StoredServers | undefined }> {
  if (scope === 'project') {
    const source = mcpJsonPath ?? (await projectMcpJsonPath(projectPath));
    return { source, servers: await readMcpJson(source) };
  }
  const config = await readClaudeConfig(configPath);
  if (scope === 'user') return { source: configPath, servers: config.userServers };
  const storedProject = config.projects.get(await localProjectKey(projectPath));
  return { source: configPath, servers: projectSettings(storedProject).servers };
}

/**
 * Every `.mcp.json` of `dirs` (the project's real dir up to the filesystem root), closest first,
 * and a problem for each one that is there but cannot be read.
 */
async function readMcpJsonChain(
  dirs: readonly string[],
): Promise<{ files: { path: string; servers: StoredServers }[]; problems: ConfigProblem[] }> {
  const reads = await Promise.all(
    dirs.map(async (dir) => {
      const path = join(dir, '.mcp.json');
      try {
        return { path, servers: await readMcpJson(path) };
      } catch (error) {
        if (!isMcpCoreError(error)) throw error;
        return { path, problem: error.message };
      }
    }),
  );
  return {
    files: reads.flatMap(({ path, servers }) => (servers === undefined ? [] : [{ path, servers }])),
    problems: reads.flatMap(({ path, problem }) =>
      problem === undefined ? [] : [{ file: path, message: problem }],
    ),
  };
}

function storedServers(
  scope: ServerScope,
  source: string | undefined,
  servers: StoredServers | undefined,
): EffectiveEntry[] {
  if (source === undefined) return [];
  return [...(servers ?? [])].map(([name, entry]) => ({ name, scope, source, entry }));
}
