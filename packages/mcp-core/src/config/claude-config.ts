/**
 * The parts of Claude Code's config files the reader needs, decoded once per file version:
 * `.claude.json` (user servers and, per project, local servers, trust and `/mcp` toggles) and
 * `.mcp.json` (project servers). Everything else in them, such as the multi-megabyte
 * `projects[].history` of old files, is validated but never materialized.
 */
import { createCachedFileReader } from './cached-file-reader';
import { McpCoreError } from '../errors';
import { isJsonSyntaxError, parseJsonSubset, type MemberSelector } from './json-subset';
import { isRecord } from '../records';

/** Stored server entries by name, in file order, exactly as stored (unnormalized). */
export type StoredServers = ReadonlyMap<string, unknown>;

export interface ProjectSettings {
  servers: StoredServers;
  /** The folder is trusted: approvals in its own settings files count. */
  hasTrustDialogAccepted: boolean;
  /** Servers turned off for this project with Claude Code's `/mcp`. */
  disabledMcpServers: readonly string[];
}

export interface ClaudeConfig {
  userServers: StoredServers;
  projects: ReadonlyMap<string, ProjectSettings>;
}

// Approvals of `.mcp.json` servers are no longer read here: Claude Code 2.1 moves them into
// `.claude/settings.local.json` (see settings.ts).
const PROJECT_FIELDS = new Set(['mcpServers', 'hasTrustDialogAccepted', 'disabledMcpServers']);

/** Keeps `mcpServers` and, of each project, `mcpServers`, its trust and its `/mcp` toggles. */
const selectClaudeConfig: MemberSelector = ([top, project, field]) => {
  if (top === 'mcpServers') return 'whole';
  if (top !== 'projects') return 'none';
  // `projects` itself, then each project.
  if (project === undefined || field === undefined) return 'members';
  return PROJECT_FIELDS.has(field) ? 'whole' : 'none';
};

const selectMcpJson: MemberSelector = ([top]) => (top === 'mcpServers' ? 'whole' : 'none');

const cachedClaudeConfig = createCachedFileReader(async (bytes, path) =>
  toClaudeConfig(await decode(bytes, path, selectClaudeConfig)),
);

const cachedMcpJson = createCachedFileReader(async (bytes, path) =>
  serversOf(await decode(bytes, path, selectMcpJson)),
);

/** A missing `.claude.json` is an empty one: Claude Code has simply not written it yet. */
export async function readClaudeConfig(path: string): Promise<ClaudeConfig> {
  return (await cachedClaudeConfig(path)) ?? { userServers: new Map(), projects: new Map() };
}

/** The servers of one `.mcp.json`, or `undefined` when there is no such file. */
export function readMcpJson(path: string): Promise<StoredServers | undefined> {
  return cachedMcpJson(path);
}

async function decode(bytes: Buffer, path: string, select: MemberSelector): Promise<unknown> {
  try {
    return await parseJsonSubset(bytes, select);
  } catch (error) {
    if (!isJsonSyntaxError(error)) throw error;
    throw new McpCoreError(
      'CONFIG_UNREADABLE',
      `${path} is not valid JSON: ${error.reason} at line ${error.line}, column ${error.column}`,
      { cause: error },
    );
  }
}

function toClaudeConfig(document: unknown): ClaudeConfig {
  const projects = isRecord(document) && isRecord(document.projects) ? document.projects : {};
  return {
    userServers: serversOf(document),
    projects: new Map(
      Object.entries(projects).map(([path, settings]) => [path, toProjectSettings(settings)]),
    ),
  };
}

function toProjectSettings(settings: unknown): ProjectSettings {
  const fields = isRecord(settings) ? settings : {};
  return {
    servers: serversOf(fields),
    hasTrustDialogAccepted: fields.hasTrustDialogAccepted === true,
    disabledMcpServers: stringsOf(fields.disabledMcpServers),
  };
}

function serversOf(holder: unknown): StoredServers {
  return new Map(isRecord(holder) && isRecord(holder.mcpServers) ? Object.entries(holder.mcpServers) : []);
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}
