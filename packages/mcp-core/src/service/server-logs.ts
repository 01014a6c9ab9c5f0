/**
 * `mcp.logs`: what Claude Code itself wrote while connecting to one listed server, from the
 * project the user runs it in. The entry's secret values (as stored and as expanded) never leave:
 * a server that fails to start can print its own token into Claude Code's log.
 */
import { prepareLaunch, redact } from '../check';
import { claudeCacheDir, mcpLogsDir, readMcpLogs } from '../config';
import type { McpLogSession, Server } from '../config';
import { McpCoreError } from '../errors';
import { LOG_SESSIONS } from '../schemas';

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
    throw new McpCoreError('NOT_FOUND', `No MCP server named "${request.name}" in this project.`);
  }
  const secrets = entries.flatMap(
    (server) => prepareLaunch(server, request.env, request.projectPath)?.secrets ?? [],
  );
  const cacheDir = claudeCacheDir(request.homeDir, process.platform, request.env);
  return readMcpLogs(
    mcpLogsDir(cacheDir, request.projectPath, request.name),
    request.limit ?? LOG_SESSIONS.default,
    (text) => redact(text, secrets),
  );
}
