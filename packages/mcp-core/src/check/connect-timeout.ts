/**
 * How long a check waits for a server by default: as long as Claude Code waits for it to connect
 * (docs/claude-code-facts.md#mcp-connection-timeout), MCP_TIMEOUT milliseconds when it is a positive
 * whole number, else 30 s. Claude Code takes MCP_TIMEOUT from the `env` key of the user's
 * settings.json before the environment's.
 */
import { isRecord } from '../records';

/** Claude Code's own wait without MCP_TIMEOUT (and with one that is not a positive number). */
export const CLAUDE_CODE_CONNECT_TIMEOUT_MS = 30_000;
/** The longest wait honoured: a check holds a process and a pipe until it ends. */
export const MAX_CONNECT_TIMEOUT_MS = 10 * 60_000;

/** `userSettings`: the user's settings.json as read (anything, or `undefined` when there is none). */
export function connectTimeoutMs(env: NodeJS.ProcessEnv, userSettings?: unknown): number {
  const value = (userSettingsTimeout(userSettings) ?? env.MCP_TIMEOUT)?.trim() ?? '';
  const ms = /^\d{1,16}$/.test(value) ? Number(value) : 0;
  if (ms <= 0) return CLAUDE_CODE_CONNECT_TIMEOUT_MS;
  return Math.min(ms, MAX_CONNECT_TIMEOUT_MS);
}

/** The user's settings.json's `env.MCP_TIMEOUT`, when it is a string (what the `env` key holds). */
function userSettingsTimeout(userSettings: unknown): string | undefined {
  const env = isRecord(userSettings) ? userSettings.env : undefined;
  return isRecord(env) && typeof env.MCP_TIMEOUT === 'string' ? env.MCP_TIMEOUT : undefined;
}
