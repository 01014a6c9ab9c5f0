/**
 * How long a check waits for a server by default: as long as Claude Code waits for it to connect
 * (docs/claude-code-facts.md#mcp-connection-timeout), MCP_TIMEOUT milliseconds when the user's
 * environment sets it to a positive whole number, else 30 s.
 */

/** Claude Code's own wait without MCP_TIMEOUT (and with one that is not a positive number). */
export const CLAUDE_CODE_CONNECT_TIMEOUT_MS = 30_000;
/** The longest wait honoured: a check holds a process and a pipe until it ends. */
export const MAX_CONNECT_TIMEOUT_MS = 10 * 60_000;

export function connectTimeoutMs(env: NodeJS.ProcessEnv): number {
  const value = env.MCP_TIMEOUT?.trim() ?? '';
  const ms = /^\d{1,16}$/.test(value) ? Number(value) : 0;
  if (ms <= 0) return CLAUDE_CODE_CONNECT_TIMEOUT_MS;
  return Math.min(ms, MAX_CONNECT_TIMEOUT_MS);
}
