/**
 * How Claude Code would start a listed server: the command with the user's environment plus the
 * entry's `env`, or the URL with the entry's headers, every `${VAR}` expanded from the user's
 * environment. Also the values to keep out of what a check reports. A server whose secrets the
 * keychain keeps is started as Claude Code starts it: through MCP Admin's keychain launcher, and a
 * remote one with the headers its helper prints (`keptHeaders`).
 */
import { execFile } from 'node:child_process';
import { KEYCHAIN_LAUNCHER, LAUNCHER_SAYS } from '../kept-secrets';
import type { Server } from '../config';
import type { StdioLaunch } from './process-group-transport';
import { expandVariables } from '../variable-references';

export type Launch =
  | ({ transport: 'stdio' } & StdioLaunch)
  | { transport: 'http' | 'sse'; url: string; headers: Record<string, string> };

export interface PreparedLaunch {
  launch: Launch;
  /** Env and header values, as stored and as expanded. */
  secrets: string[];
}

export function prepareLaunch(
  server: Server,
  userEnv: NodeJS.ProcessEnv,
  cwd: string,
): PreparedLaunch | undefined {
  const expand = (text: string) => expandVariables(text, userEnv);
  const expandValues = (map: Record<string, string> = {}) =>
    Object.fromEntries(Object.entries(map).map(([key, value]) => [key, expand(value)]));
  const secretsOf = (stored: Record<string, string> = {}, expanded: Record<string, string>) => [
    ...Object.values(stored),
    ...Object.values(expanded),
  ];

  const kept = server.keychain;
  if (server.transport === 'stdio' && server.command !== undefined) {
    const stored = withoutNames(server.env, kept?.env);
    const env = expandValues(stored);
    const command = expand(server.command);
    const args = (server.args ?? []).map(expand);
    const launched =
      kept === undefined || kept.env.length === 0
        ? { command, args }
        : {
            command: process.execPath,
            args: [KEYCHAIN_LAUNCHER, 'env', kept.ref, ...kept.env, '--', command, ...args],
          };
    return {
      launch: { transport: 'stdio', ...launched, env: { ...userEnv, ...env }, cwd },
      secrets: secretsOf(stored, env),
    };
  }
  if ((server.transport === 'http' || server.transport === 'sse') && server.url !== undefined) {
    const headers = expandValues(withoutNames(server.headers, kept?.headers));
    return {
      launch: { transport: server.transport, url: expand(server.url), headers },
      secrets: secretsOf(server.headers, headers),
    };
  }
  return undefined;
}

function withoutNames(map: Record<string, string> = {}, names: string[] = []): Record<string, string> {
  return Object.fromEntries(Object.entries(map).filter(([name]) => !names.includes(name)));
}

/** Claude Code gives a headersHelper this long. */
const HELPER_TIMEOUT_MS = 10_000;
const MAX_HELPER_OUTPUT = 64 * 1024;

/**
 * The headers the keychain keeps for `server`, printed by the launcher as its headersHelper prints
 * them for Claude Code; or why it could not (its own line: "secret X is missing from the keychain").
 */
export async function keptHeaders(
  server: Server,
  userEnv: NodeJS.ProcessEnv,
  cwd: string,
): Promise<{ headers: Record<string, string> } | { error: string }> {
  const kept = server.keychain;
  if (kept === undefined || kept.headers.length === 0) return { headers: {} };
  const args = [KEYCHAIN_LAUNCHER, 'headers', kept.ref, ...kept.headers];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { env: userEnv, cwd, timeout: HELPER_TIMEOUT_MS, maxBuffer: MAX_HELPER_OUTPUT, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const said = stderr.split('\n').find((line) => line.startsWith(LAUNCHER_SAYS));
        if (said !== undefined) {
          resolve({ error: said.slice(LAUNCHER_SAYS.length) });
          return;
        }
        if (error !== null) {
          resolve({ error: `The headersHelper failed: ${error.message}` });
          return;
        }
        try {
          const printed = JSON.parse(stdout) as unknown;
          if (typeof printed === 'object' && printed !== null) {
            resolve({ headers: Object.fromEntries(Object.entries(printed).map(([k, v]) => [k, String(v)])) });
            return;
          }
        } catch {
          // Said below.
        }
        resolve({ error: 'The headersHelper printed no JSON object.' });
      },
    );
  });
}
