/**
 * The server's own settings from the environment (SPEC §2). CLAUDE_CONFIG_DIR, CLAUDE_BIN and
 * MCP_ADMIN_CLI_TIMEOUT_MS belong to the core, which reads them from the same env.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

import { describeIssues } from '../api-errors';

export interface ServerConfig {
  /** Bind address, without IPv6 brackets. */
  host: string;
  /** 0 binds any free port. */
  port: number;
  token: string;
  /** Default project for local and project scope. */
  project: string;
}

export class ServerConfigError extends Error {
  override readonly name = 'ServerConfigError';
}

// `VAR=` in a shell means "not set" to the user, not "set to nothing".
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

const PORT_RULE = 'must be a port number from 0 to 65535';

const serverEnvSchema = z.object({
  MCP_ADMIN_HOST: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .transform((host) => host.replace(/^\[(.*)\]$/, '$1'))
      .default('127.0.0.1'),
  ),
  MCP_ADMIN_PORT: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .regex(/^\d{1,5}$/, { error: PORT_RULE })
      .transform(Number)
      .refine((port) => port <= 65535, { error: PORT_RULE })
      .default(7420),
  ),
  MCP_ADMIN_TOKEN: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' })
      .optional(),
  ),
  MCP_ADMIN_PROJECT: z.preprocess(unsetWhenEmpty, z.string().optional()),
  INIT_CWD: z.preprocess(unsetWhenEmpty, z.string().optional()),
});

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/** Throws ServerConfigError with a message meant for the person who started the server. */
export function loadServerConfig(env: NodeJS.ProcessEnv, cwd: string): ServerConfig {
  const parsed = serverEnvSchema.safeParse(env);
  if (!parsed.success) throw new ServerConfigError(describeIssues(parsed.error));
  const { MCP_ADMIN_HOST: host, MCP_ADMIN_PORT: port, MCP_ADMIN_TOKEN: token } = parsed.data;
  if (token === undefined && !isLoopbackHost(host)) {
    throw new ServerConfigError(
      `MCP_ADMIN_HOST=${host} is reachable from other machines: set MCP_ADMIN_TOKEN to a secret of your own to bind it`,
    );
  }
  return {
    host,
    port,
    token: token ?? randomBytes(32).toString('base64url'),
    project: resolve(cwd, parsed.data.MCP_ADMIN_PROJECT ?? parsed.data.INIT_CWD ?? cwd),
  };
}

/** The host as it appears in a URL or a Host header: IPv6 in brackets. */
export function urlHost(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host;
}
