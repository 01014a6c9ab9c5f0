/**
 * The service behind every API procedure: reads go straight to the config reader, mutations
 * go through the one queue to the CLI, are read back to confirm they landed, and are audited.
 * Inputs are parsed again here with the shared schemas, so nothing reaches a spawn unvalidated
 * whoever the caller is; a failed parse throws the ZodError.
 */
import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import packageJson from '../package.json' with { type: 'json' };
import { addArgv, removeArgv } from './argv';
import { auditLogPath, createAuditLog, failureOutcome } from './audit-log';
import { resolveClaudeBin } from './cli-binary';
import { createCliRunner, DEFAULT_CLI_TIMEOUT_MS } from './cli-runner';
import { resolveConfigPath } from './config-path';
import { findStoredEntries, listProjects, listServers, projectMcpJsonPath } from './config-reader';
import type { StoredEntry } from './config-reader';
import { watchConfigFiles } from './config-watcher';
import type { ConfigChange } from './config-watcher';
import { McpCoreError } from './errors';
import { createMutationQueue } from './mutation-queue';
import {
  addServerInputSchema,
  listServersInputSchema,
  removeServerInputSchema,
  watchInputSchema,
} from './schemas';
import type { AddServerInput, ListServersInput, RemoveServerInput, WatchInput } from './schemas';
import type { KnownProject, Scope, ServerList } from './types';

export interface McpAdminOptions {
  /** Where `CLAUDE_CONFIG_DIR`, `CLAUDE_BIN` and `MCP_ADMIN_CLI_TIMEOUT_MS` are read; defaults to process.env. */
  env?: NodeJS.ProcessEnv | undefined;
  /** The project for local and project scope when a call names none. */
  defaultProject: string;
  /** Mutations allowed to wait behind the running one. */
  maxQueued?: number | undefined;
}

export interface MutationResult {
  ok: true;
  /** The CLI's own report. */
  message: string;
}

export interface SystemInfo {
  version: string;
  configPath: string;
  defaultProject: string;
  cli: { path: string; version: string } | { error: string };
}

export interface McpAdmin {
  readonly configPath: string;
  readonly defaultProject: string;
  info(): Promise<SystemInfo>;
  list(input?: ListServersInput): Promise<ServerList>;
  projects(): Promise<KnownProject[]>;
  /**
   * Changes of `.claude.json` and of the project dir's own `.mcp.json`, until `signal` aborts.
   * Resolves once the input is checked (a bad project fails the call, not the stream) and the
   * files are watched: every change after that is yielded.
   */
  watch(input: WatchInput, signal: AbortSignal): Promise<AsyncIterable<ConfigChange>>;
  add(input: AddServerInput): Promise<MutationResult>;
  remove(input: RemoveServerInput): Promise<MutationResult>;
  /** Lets the running and queued mutations finish and refuses new ones. */
  close(): Promise<void>;
}

export function createMcpAdmin({ env = process.env, defaultProject, maxQueued }: McpAdminOptions): McpAdmin {
  const configPath = resolve(resolveConfigPath(env));
  const projectDefault = resolve(defaultProject);
  const runner = createCliRunner({
    bin: resolveClaudeBin(env),
    // Absolute, because every call runs in its own cwd: a relative CLAUDE_CONFIG_DIR would move.
    configDir: env.CLAUDE_CONFIG_DIR ? dirname(configPath) : undefined,
    timeoutMs: cliTimeoutMs(env.MCP_ADMIN_CLI_TIMEOUT_MS),
    env,
  });
  const queue = createMutationQueue({ maxQueued });
  const audit = createAuditLog(auditLogPath(configPath));

  async function existingProject(projectPath: string | undefined): Promise<string> {
    const path = projectPath ?? projectDefault;
    const isDirectory = await stat(path).then(
      (stats) => stats.isDirectory(),
      () => false,
    );
    if (!isDirectory) {
      throw new McpCoreError('INVALID_INPUT', `projectPath "${path}" is not an existing directory`);
    }
    return path;
  }

  /** One audited CLI call: `{ ok: false }` becomes CLI_FAILED, then `verify` confirms the change landed. */
  async function mutate(
    procedure: string,
    argv: string[],
    cwd: string,
    verify: () => Promise<void>,
  ): Promise<MutationResult> {
    let message: string;
    try {
      const outcome = await runner.run(argv, { cwd });
      if (!outcome.ok) throw new McpCoreError('CLI_FAILED', outcome.message);
      await verify();
      message = outcome.message;
    } catch (error) {
      await audit.append(procedure, argv, failureOutcome(error));
      throw error;
    }
    await audit.append(procedure, argv, { ok: true, message });
    return { ok: true, message };
  }

  async function storedIn(scope: Scope, name: string, projectPath: string): Promise<StoredEntry | undefined> {
    const entries = await findStoredEntries({ configPath, projectPath, name });
    return entries.find((stored) => stored.scope === scope);
  }

  async function verifyAdded(input: AddServerInput, projectPath: string): Promise<void> {
    const stored = await storedIn(input.scope, input.name, projectPath);
    if (stored === undefined) {
      throw new McpCoreError(
        'VERIFY_FAILED',
        `The CLI reported success, but no server "${input.name}" is stored in ${input.scope} scope.`,
      );
    }
    const differing = differingFields(requestedEntry(input), stored.entry);
    if (differing.length > 0) {
      throw new McpCoreError(
        'VERIFY_FAILED',
        `The CLI reported success, but "${input.name}" in ${stored.source} differs from what was asked in: ${differing.join(', ')}.`,
      );
    }
  }

  async function verifyRemoved(name: string, scope: Scope, projectPath: string): Promise<void> {
    const stored = await storedIn(scope, name, projectPath);
    if (stored !== undefined) {
      throw new McpCoreError(
        'VERIFY_FAILED',
        `The CLI reported success, but "${name}" is still stored in ${stored.source}.`,
      );
    }
  }

  // Without a scope the CLI refuses a name held in several scopes, so the scope is picked here.
  async function onlyStoredScope(name: string, projectPath: string): Promise<Scope> {
    const scopes = (await findStoredEntries({ configPath, projectPath, name })).map((stored) => stored.scope);
    const [scope, ...others] = scopes;
    if (scope === undefined) {
      throw new McpCoreError('NOT_FOUND', `No MCP server named "${name}" in local, project or user scope.`);
    }
    if (others.length > 0) {
      throw new McpCoreError(
        'AMBIGUOUS',
        `MCP server "${name}" exists in several scopes (${scopes.join(', ')}); give the scope to remove it from.`,
      );
    }
    return scope;
  }

  async function cliInfo(): Promise<SystemInfo['cli']> {
    try {
      const outcome = await runner.version();
      return outcome.ok ? { path: runner.bin, version: outcome.message } : { error: outcome.message };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    configPath,
    defaultProject: projectDefault,

    async info() {
      return {
        version: packageJson.version,
        configPath,
        defaultProject: projectDefault,
        cli: await cliInfo(),
      };
    },

    async list(rawInput) {
      const input = listServersInputSchema.parse(rawInput);
      const projectPath = await existingProject(input?.projectPath);
      return listServers({ configPath, projectPath, reveal: input?.reveal ?? false });
    },

    projects: () => listProjects(configPath),

    async watch(rawInput, signal) {
      const input = watchInputSchema.parse(rawInput);
      const projectPath = await existingProject(input?.projectPath);
      const files = [configPath, await projectMcpJsonPath(projectPath)];
      return watchConfigFiles(files, { signal, since: input?.lastEventId ?? undefined });
    },

    async add(rawInput) {
      const input = addServerInputSchema.parse(rawInput);
      const projectPath = await existingProject(input.projectPath);
      return queue.run(() =>
        mutate('mcp.add', addArgv(input), projectPath, () => verifyAdded(input, projectPath)),
      );
    },

    async remove(rawInput) {
      const input = removeServerInputSchema.parse(rawInput);
      const projectPath = await existingProject(input.projectPath);
      return queue.run(async () => {
        const scope = input.scope ?? (await onlyStoredScope(input.name, projectPath));
        return mutate('mcp.remove', removeArgv(input.name, scope), projectPath, () =>
          verifyRemoved(input.name, scope, projectPath),
        );
      });
    },

    close: () => queue.drain(),
  };
}

function cliTimeoutMs(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_CLI_TIMEOUT_MS;
  const ms = Number(value);
  if (!Number.isSafeInteger(ms) || ms <= 0) {
    throw new Error(
      `MCP_ADMIN_CLI_TIMEOUT_MS must be a positive whole number of milliseconds, got "${value}"`,
    );
  }
  return ms;
}

/** What `mcp add` is expected to store for `input`, in the CLI's stored shape. */
function requestedEntry(input: AddServerInput): Record<string, unknown> {
  return input.url === undefined
    ? { type: 'stdio', command: input.command, args: input.args ?? [], env: input.env ?? {} }
    : { type: input.transport ?? 'http', url: input.url, headers: input.headers ?? {} };
}

// The CLI leaves out `headers` of a server without any; a missing list or map counts as empty.
const EMPTY_FIELDS: Record<string, unknown> = { args: [], env: {}, headers: {} };

function differingFields(requested: Record<string, unknown>, stored: Record<string, unknown>): string[] {
  return Object.entries(requested)
    .filter(([field, value]) => !isDeepStrictEqual(stored[field] ?? EMPTY_FIELDS[field], value))
    .map(([field]) => field);
}
