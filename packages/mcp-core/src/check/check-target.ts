/** Which listed entry `mcp.check` checks, and the refusal when it needs the user's confirmation. */
import type { Server } from '../config';
import { McpCoreError } from '../errors';
import type { Scope } from '../schemas';

export interface CheckTargetQuery {
  name: string;
  scope: Scope;
  /** The row's `source`: exactly that entry, e.g. a shadowed one in a farther `.mcp.json`. */
  source?: string | undefined;
}

/** The entry the query names; without `source`, the one Claude Code would load (the closest). */
export function findCheckTarget(
  servers: readonly Server[],
  { name, scope, source }: CheckTargetQuery,
): Server {
  const candidates = servers.filter((server) => server.name === name && server.scope === scope);
  const target = source === undefined ? candidates[0] : candidates.find((server) => server.source === source);
  if (target !== undefined) return target;
  if (source !== undefined && candidates.length > 0) {
    throw new McpCoreError('INVALID_INPUT', `source "${source}" holds no ${scope}-scope server "${name}"`);
  }
  throw new McpCoreError('NOT_FOUND', `No ${scope}-scope MCP server named "${name}" in this project.`);
}

/** NEEDS_CONFIRMATION for a `.mcp.json` server the user has not approved, saying what acting on it would mean. */
export function unapprovedProjectServer(server: Server, consequence: string): McpCoreError {
  const state = server.approval === 'rejected' ? 'was rejected' : 'is not approved yet';
  return new McpCoreError(
    'NEEDS_CONFIRMATION',
    `Project server "${server.name}" from ${server.source ?? '.mcp.json'} ${state}: ${consequence}`,
  );
}

/** Names what the check would run, so the user can decide. */
export function confirmationRequired(server: Server): McpCoreError {
  const action =
    server.command === undefined
      ? `connects to ${server.url ?? 'its URL'}`
      : `runs \`${[server.command, ...(server.args ?? [])].map(shellWord).join(' ')}\``;
  return unapprovedProjectServer(server, `checking it ${action}. Check again with confirm: true to run it.`);
}

// Quoted only when needed, so the command reads as it would be typed.
function shellWord(word: string): string {
  return word === '' || /[\s"'\\`$]/.test(word) ? JSON.stringify(word) : word;
}
