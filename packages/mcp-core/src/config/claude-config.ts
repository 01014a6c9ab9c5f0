/**
 * The parts of Claude Code's config files the reader needs, decoded once per file version:
 * `.claude.json` (user servers and, per project, local servers, trust and `/mcp` toggles) and
 * `.mcp.json` (project servers). Everything else in them, such as the multi-megabyte
 * `projects[].history` of old files, is validated but never materialized.
 */
import { dirname } from 'node:path';
import { createCachedFileReader } from './cached-file-reader';
import { MiB, type ConfigFileLimits } from './config-file';
import type { MemberSelector } from './json-subset';
import { recordMcpJsonPresence } from './mcp-json-presence';
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
  /**
   * Each project's selected fields as stored, by path; `projectSettings` decodes one. Left raw
   * because a config can know a million projects while a listing needs one.
   */
  projects: ReadonlyMap<string, unknown>;
}

/**
 * Legacy `.claude.json` files of 238 MB are known (docs/claude-code-facts.md#large-claudejson-files) and the scanner reads them without
 * building their histories: twice that is still a config, beyond it is not.
 */
const CLAUDE_JSON_LIMITS: ConfigFileLimits = { maxBytes: 512 * MiB, readTimeoutMs: 10_000 };

/** A `.mcp.json` holds a few server entries, and whoever made the repository chose its bytes. */
const MCP_JSON_LIMITS: ConfigFileLimits = { maxBytes: 1 * MiB, readTimeoutMs: 5_000 };

// Approvals of `.mcp.json` servers are no longer read here: Claude Code 2.1 moves them into
// `.claude/settings.local.json` (see settings.ts).
const PROJECT_FIELDS = new Set(['mcpServers', 'hasTrustDialogAccepted', 'disabledMcpServers']);

/** Keeps `mcpServers` and, of each project, `mcpServers`, its trust and its `/mcp` toggles. */
const selectClaudeConfig: MemberSelector = ([top, project, field]) => {
  if (top === 'mcpServers') return 'whole';
  if (top !== 'projects') return 'none';
  if (project === undefined) return 'map';
  if (field === undefined) return 'members';
  return PROJECT_FIELDS.has(field) ? 'whole' : 'none';
};

const selectMcpJson: MemberSelector = ([top]) => (top === 'mcpServers' ? 'whole' : 'none');

const cachedClaudeConfig = createCachedFileReader(CLAUDE_JSON_LIMITS, selectClaudeConfig, toClaudeConfig);

const cachedMcpJson = createCachedFileReader(MCP_JSON_LIMITS, selectMcpJson, serversOf);

/** A missing `.claude.json` is an empty one: Claude Code has simply not written it yet. */
export async function readClaudeConfig(path: string): Promise<ClaudeConfig> {
  return (await cachedClaudeConfig(path)) ?? { userServers: new Map(), projects: new Map() };
}

/** The servers of one `.mcp.json`, or `undefined` when there is no such file. */
export async function readMcpJson(path: string): Promise<StoredServers | undefined> {
  const servers = await cachedMcpJson(path);
  recordMcpJsonPresence(dirname(path), servers !== undefined);
  return servers;
}

export function projectSettings(stored: unknown): ProjectSettings {
  const fields = isRecord(stored) ? stored : {};
  return {
    servers: serversOf(fields),
    hasTrustDialogAccepted: fields.hasTrustDialogAccepted === true,
    disabledMcpServers: stringsOf(fields.disabledMcpServers),
  };
}

/** How many local servers a stored project has, without decoding them. */
export function localServerCount(stored: unknown): number {
  return isRecord(stored) && isRecord(stored.mcpServers) ? Object.keys(stored.mcpServers).length : 0;
}

function toClaudeConfig(document: unknown): ClaudeConfig {
  const projects = isRecord(document) ? document.projects : undefined;
  return {
    userServers: serversOf(document),
    projects: projects instanceof Map ? (projects as Map<string, unknown>) : new Map(),
  };
}

function serversOf(holder: unknown): StoredServers {
  return new Map(isRecord(holder) && isRecord(holder.mcpServers) ? Object.entries(holder.mcpServers) : []);
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}
