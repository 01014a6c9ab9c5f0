/**
 * Every setting of a running server, parsed once from the environment (docs/api.md#server-settings) and handed on as
 * plain values: nothing deeper reads `process.env`. A relative path means what it meant where
 * the user typed it: pnpm runs the server in apps/server and passes that place as `INIT_CWD`.
 */
import {
  DEFAULT_CLI_TIMEOUT_MS,
  DEFAULT_REGISTRY_URL,
  describeIssues,
  resolveClaudeBin,
} from '@mcp-admin/core';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

export interface ServerSettings {
  /** Bind address, without IPv6 brackets. */
  host: string;
  /** 0 binds any free port. */
  port: number;
  token: string;
  /** Default project for local and project scope; absolute. */
  defaultProject: string;
  /** `CLAUDE_CONFIG_DIR`, absolute; undefined means the home directory. */
  configDir: string | undefined;
  /** The CLI to drive: an absolute path, or a bare name left to PATH. */
  claudeBin: string;
  cliTimeoutMs: number;
  /** The folder of Claude Code's managed-mcp.json and managed-settings.json; absolute. */
  managedDir: string;
  /** Where Claude Desktop's config is looked for (Linux, macOS). */
  homeDir: string;
  /** `%APPDATA%`: where Claude Desktop's config is looked for on Windows. */
  appData: string | undefined;
  /** The MCP registry Discover searches: an http(s) URL without a trailing slash. */
  registryUrl: string;
}

export class ServerSettingsError extends Error {
  override readonly name = 'ServerSettingsError';
}

// `VAR=` in a shell means "not set" to the user, not "set to nothing".
const optional = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const PORT_RULE = 'must be a port number from 0 to 65535';

const serverEnvSchema = z.object({
  MCP_ADMIN_HOST: optional(z.string().transform((host) => host.replace(/^\[(.*)\]$/, '$1'))),
  MCP_ADMIN_PORT: optional(
    z
      .string()
      .regex(/^\d{1,5}$/, { error: PORT_RULE })
      .transform(Number)
      .refine((port) => port <= 65535, { error: PORT_RULE }),
  ),
  MCP_ADMIN_TOKEN: optional(
    z.string().regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' }),
  ),
  MCP_ADMIN_PROJECT: optional(z.string()),
  MCP_ADMIN_CLI_TIMEOUT_MS: optional(
    z
      .string()
      .regex(/^[1-9]\d{0,8}$/, { error: 'must be a whole number of milliseconds from 1 to 999999999' })
      .transform(Number),
  ),
  CLAUDE_CONFIG_DIR: optional(z.string()),
  CLAUDE_BIN: optional(z.string()),
  MCP_ADMIN_MANAGED_DIR: optional(z.string()),
  MCP_ADMIN_REGISTRY_URL: optional(
    z
      .string()
      .refine((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), {
        error: 'must be an http(s) URL, like https://registry.modelcontextprotocol.io',
      })
      .transform((url) => url.replace(/\/+$/, '')),
  ),
  INIT_CWD: optional(z.string()),
  PATH: optional(z.string()),
  HOME: optional(z.string()),
  APPDATA: optional(z.string()),
});

/** Where Claude Code looks for managed config on each OS (it has no setting to move it). */
export function defaultManagedDir(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'darwin':
      return '/Library/Application Support/ClaudeCode';
    case 'win32':
      return 'C:\\Program Files\\ClaudeCode';
    default:
      return '/etc/claude-code';
  }
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/** Throws ServerSettingsError with a message meant for the person who started the server. */
export function loadServerSettings(
  env: NodeJS.ProcessEnv,
  cwd: string,
  platform: NodeJS.Platform = process.platform,
): ServerSettings {
  const parsed = serverEnvSchema.safeParse(env);
  if (!parsed.success) throw new ServerSettingsError(describeIssues(parsed.error));
  const vars = parsed.data;
  const host = vars.MCP_ADMIN_HOST ?? '127.0.0.1';
  if (vars.MCP_ADMIN_TOKEN === undefined && !isLoopbackHost(host)) {
    throw new ServerSettingsError(
      `MCP_ADMIN_HOST=${host} is reachable from other machines: set MCP_ADMIN_TOKEN to a secret of your own to bind it`,
    );
  }
  const typedIn = resolve(cwd, vars.INIT_CWD ?? cwd);
  const claudeBin = vars.CLAUDE_BIN;
  return {
    host,
    port: vars.MCP_ADMIN_PORT ?? 7420,
    token: vars.MCP_ADMIN_TOKEN ?? randomBytes(32).toString('base64url'),
    defaultProject: resolve(typedIn, vars.MCP_ADMIN_PROJECT ?? '.'),
    configDir: vars.CLAUDE_CONFIG_DIR === undefined ? undefined : resolve(typedIn, vars.CLAUDE_CONFIG_DIR),
    // A bare name is looked up on PATH, as a shell would; a path is fixed to where it was typed.
    claudeBin: resolveClaudeBin({
      configured: claudeBin?.includes('/') === true ? resolve(typedIn, claudeBin) : claudeBin,
      path: vars.PATH ?? '',
    }),
    cliTimeoutMs: vars.MCP_ADMIN_CLI_TIMEOUT_MS ?? DEFAULT_CLI_TIMEOUT_MS,
    managedDir:
      vars.MCP_ADMIN_MANAGED_DIR === undefined
        ? defaultManagedDir(platform)
        : resolve(typedIn, vars.MCP_ADMIN_MANAGED_DIR),
    // Without HOME, the account's home directory, as os.homedir() would give it.
    homeDir: resolve(typedIn, vars.HOME ?? userInfo().homedir),
    appData: vars.APPDATA,
    registryUrl: vars.MCP_ADMIN_REGISTRY_URL ?? DEFAULT_REGISTRY_URL,
  };
}

/** The host as it appears in a URL or a Host header: IPv6 in brackets. */
export function urlHost(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host;
}
