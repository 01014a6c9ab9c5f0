/**
 * How Claude Code would start a listed server: the command with the user's environment plus the
 * entry's `env`, or the URL with the entry's headers, every `${VAR}` expanded from the user's
 * environment. Also the values to keep out of what a check reports.
 */
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

  if (server.transport === 'stdio' && server.command !== undefined) {
    const env = expandValues(server.env);
    return {
      launch: {
        transport: 'stdio',
        command: expand(server.command),
        args: (server.args ?? []).map(expand),
        env: { ...userEnv, ...env },
        cwd,
      },
      secrets: secretsOf(server.env, env),
    };
  }
  if ((server.transport === 'http' || server.transport === 'sse') && server.url !== undefined) {
    const headers = expandValues(server.headers);
    return {
      launch: { transport: server.transport, url: expand(server.url), headers },
      secrets: secretsOf(server.headers, headers),
    };
  }
  return undefined;
}
