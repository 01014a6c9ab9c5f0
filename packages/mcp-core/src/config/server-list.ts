/**
 * Reads the MCP servers Claude Code would use for a project, straight from its config files
 * (the CLI's own `mcp list` health-checks every server and prints text only).
 *
 * Order of `servers`: by scope in precedence order (local, project, user), then by name
 * (code-unit order); duplicates of one name from several `.mcp.json` files come closest first.
 */
import { join } from 'node:path';
import {
  projectSettings,
  readClaudeConfig,
  readMcpJson,
  type ProjectSettings,
  type StoredServers,
} from './claude-config';
import { copyJson } from './json-copy';
import { localProjectKey, projectDirChain, realProjectDir } from './project-key';
import { isMcpCoreError } from '../errors';
import { isRecord } from '../records';
import { normalizeServer, type StoredServer } from './server-normalizer';
import { compareText } from './text-order';
import type { Scope } from '../schemas';
import type { Approval, FileProblem, Server, ServerList } from './types';

export interface ListServersOptions {
  configPath: string;
  projectPath: string;
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

export interface FindStoredEntryOptions extends FindStoredEntriesOptions {
  scope: Scope;
}

/** A raw entry as stored, for picking the scope of a remove and verifying a write. */
export interface StoredEntry {
  scope: Scope;
  source: string;
  entry: Record<string, unknown>;
}

const SCOPE_RANK: Record<Scope, number> = { local: 0, project: 1, user: 2 };
const SCOPES_BY_RANK: readonly Scope[] = ['local', 'project', 'user'];

/**
 * Every server visible from `projectPath`. Precedence is local > project > user, and among
 * `.mcp.json` files the closest to the project wins: every entry but the winner of its name
 * gets `shadowedBy` = the winner's scope (so a farther `.mcp.json` duplicate says `project`).
 * A `.mcp.json` that cannot be read is a problem of the list, not its failure: any repository
 * can hold one. An unreadable `.claude.json` fails the call, since without it neither local nor
 * user scope nor any approval can be told.
 */
export async function listServers({
  configPath,
  projectPath,
  reveal = false,
}: ListServersOptions): Promise<ServerList> {
  const [config, key, mcpJsonChain] = await Promise.all([
    readClaudeConfig(configPath),
    localProjectKey(projectPath),
    readMcpJsonChain(projectPath),
  ]);
  const storedProject = config.projects.get(key);
  const project = storedProject === undefined ? undefined : projectSettings(storedProject);
  // In precedence order, `.mcp.json` files closest first: the first entry of each name wins.
  const stored = [
    ...storedServers('local', configPath, project?.servers),
    ...mcpJsonChain.files.flatMap(({ path, servers }) => storedServers('project', path, servers)),
    ...storedServers('user', configPath, config.userServers),
  ];
  const winners = new Map<string, StoredServer>();
  for (const server of stored) if (!winners.has(server.name)) winners.set(server.name, server);

  const servers = stored.map((storedServer): Server => {
    const server = normalizeServer(storedServer, reveal);
    if (storedServer.scope === 'project') server.approval = approvalOf(storedServer.name, project);
    const winner = winners.get(storedServer.name);
    if (winner !== undefined && winner !== storedServer) server.shadowedBy = winner.scope;
    return server;
  });
  servers.sort((a, b) => SCOPE_RANK[a.scope] - SCOPE_RANK[b.scope] || compareText(a.name, b.name));
  return { configPath, projectPath, servers, problems: mcpJsonChain.problems };
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

// Claude Code's own order: an explicit rejection wins over any approval.
function approvalOf(name: string, project: ProjectSettings | undefined): Approval {
  if (project === undefined) return 'pending';
  if (project.disabledMcpjsonServers.includes(name)) return 'rejected';
  if (project.enabledMcpjsonServers.includes(name) || project.enableAllProjectMcpServers) return 'approved';
  return 'pending';
}

/**
 * Every `.mcp.json` from the project dir up to the filesystem root, closest first, and a problem
 * for each one that is there but cannot be read.
 */
async function readMcpJsonChain(
  projectPath: string,
): Promise<{ files: { path: string; servers: StoredServers }[]; problems: FileProblem[] }> {
  const reads = await Promise.all(
    (await projectDirChain(projectPath)).map(async (dir) => {
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

function storedServers(scope: Scope, source: string, servers: StoredServers | undefined): StoredServer[] {
  return [...(servers ?? [])].map(([name, entry]) => ({ name, scope, source, entry }));
}
