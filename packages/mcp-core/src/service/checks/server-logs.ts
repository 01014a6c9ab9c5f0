/**
 * `mcp.logs`: what Claude Code itself wrote while connecting to one listed server, from the
 * project the user runs it in. The entry's secret values (as stored and as expanded) never leave:
 * a server that fails to start can print its own token into Claude Code's log. Claude Code also
 * writes a failing server's command line there: its credentials are hidden by the rule that hides
 * them in the list (secret-masking), e.g. `--api-key ••••••`, `postgresql://app:••••••@db`.
 */
import { prepareLaunch, redact } from '../../check';
import { claudeCacheDir, mcpLogsDir, readMcpLogs } from '../../config';
import type { McpLogSession, Server } from '../../config';
import { LOG_SESSIONS, logsInputSchema } from '../../schemas';
import { maskCredentials } from '../../secret-masking';
import { noServerNamed } from '../engine';
import type { EngineContext } from '../engine';

import type { McpAdmin } from '../contract';

export interface ServerLogsRequest {
  name: string;
  projectPath: string;
  /** Every listed entry of the project, secrets revealed: those of `name` say what to redact. */
  servers: readonly Server[];
  homeDir: string;
  /** The environment Claude Code starts servers with (`XDG_CACHE_HOME`, expansions). */
  env: NodeJS.ProcessEnv;
  limit: number | undefined;
}

export function readServerLogs(request: ServerLogsRequest): Promise<McpLogSession[]> {
  const entries = request.servers.filter((server) => server.name === request.name);
  if (entries.length === 0) {
    throw noServerNamed(request.name, 'in this project');
  }
  const secrets = entries.flatMap(
    (server) => prepareLaunch(server, request.env, request.projectPath)?.secrets ?? [],
  );
  const cacheDir = claudeCacheDir(request.homeDir, process.platform, request.env);
  return readMcpLogs(
    mcpLogsDir(cacheDir, request.projectPath, request.name),
    request.limit ?? LOG_SESSIONS.default,
    (text) => maskCredentials(redact(text, secrets)),
  );
}

/** `mcp.logs`: the project checked, its servers listed with secrets revealed, their logs read and redacted. */
export function createLogs({
  settings,
  readers,
}: Pick<EngineContext, 'settings' | 'readers'>): Pick<McpAdmin, 'logs'> {
  return {
    async logs(rawInput) {
      const input = logsInputSchema.parse(rawInput);
      const projectPath = await readers.existingProject(input.projectPath);
      const servers = await readers.serversToCheck(projectPath);
      const { homeDir, spawnEnv: env } = settings;
      return readServerLogs({ ...input, projectPath, servers, homeDir, env, limit: input.limit });
    },
  };
}
