/**
 * Claude Code's own store of OAuth tokens for remote MCP servers, read-only: on Linux
 * `.credentials.json` in CLAUDE_CONFIG_DIR (else ~/.claude), key `mcpOAuth`, one entry per server
 * keyed `NAME|HASH` where HASH is the first 16 hex digits of the SHA-256 of the JSON text of
 * `{ type, url, headers }` (read in the CLI 2.1.332 and checked against what `claude mcp login`
 * writes). So a server whose URL or headers change is signed out, as it is for Claude Code.
 * The tokens never leave the service: only whether there is one, and what a check sends.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { isRecord } from '../records';
import { readJsonFile } from './json-file';
import type { ConfigProblem, Server } from './types';

/**
 * A stored sign-in of one server: an access token, or a refresh token to get one with (Claude Code
 * counts either as signed in). The refresh token itself is never read out of the store.
 */
export interface StoredToken {
  accessToken?: string;
  /** Milliseconds since the epoch, when the store says. */
  expiresAt?: number;
  /** A refresh token is stored: Claude Code gets a new access token with it when it connects. */
  refreshable?: true;
}

/** Tokens by `NAME|HASH` key. */
export type StoredTokens = ReadonlyMap<string, StoredToken>;

/**
 * Where the store is, or `undefined` where it is not a file this product can read (on macOS
 * Claude Code keeps it in the Keychain; elsewhere than Linux it was not verified).
 */
export function credentialsPathFor(claudeDir: string, platform: NodeJS.Platform): string | undefined {
  return platform === 'linux' ? join(claudeDir, '.credentials.json') : undefined;
}

/** The key Claude Code files a remote server's tokens under; the server with its real header values. */
export function credentialKey(server: Pick<Server, 'name' | 'transport' | 'url' | 'headers'>): string {
  const identity = JSON.stringify({ type: server.transport, url: server.url, headers: server.headers ?? {} });
  const hash = createHash('sha256').update(identity).digest('hex').slice(0, 16);
  return `${server.name}|${hash}`;
}

/**
 * The stored tokens; none when there is no store yet. `undefined` when the store cannot be read
 * (then reported in `problems`): whether a server is signed in cannot be told.
 */
export async function readStoredTokens(
  path: string,
  problems: ConfigProblem[],
): Promise<StoredTokens | undefined> {
  const found: ConfigProblem[] = [];
  const document = await readJsonFile(path, found);
  problems.push(...found);
  if (found.length > 0) return undefined;
  const tokens = new Map<string, StoredToken>();
  const entries = isRecord(document) && isRecord(document.mcpOAuth) ? document.mcpOAuth : {};
  for (const [key, entry] of Object.entries(entries)) {
    if (!isRecord(entry)) continue;
    const { accessToken, refreshToken, expiresAt } = entry;
    const hasAccess = typeof accessToken === 'string' && accessToken !== '';
    const refreshable = typeof refreshToken === 'string' && refreshToken !== '';
    if (!hasAccess && !refreshable) continue;
    tokens.set(key, {
      ...(hasAccess && { accessToken }),
      ...(typeof expiresAt === 'number' && { expiresAt }),
      ...(refreshable && { refreshable }),
    });
  }
  return tokens;
}
