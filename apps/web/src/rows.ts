/**
 * A listed server as one row of the panel, shared by every feature that acts on a row: its key,
 * whether the panel can change it, whether it signs in with OAuth.
 */
import type { Scope } from '@mcp-admin/core/schemas';
import type { ServerEntry } from './trpc';

/** An entry of a scope the CLI writes: one the panel can remove or change. */
export type WritableServer = ServerEntry & { scope: Scope };

/** The scopes `claude mcp add --scope` writes; managed and plugin entries are read-only. */
const WRITABLE_SCOPES: ReadonlySet<string> = new Set<Scope>(['user', 'local', 'project']);

export function isWritable(server: ServerEntry): server is WritableServer {
  return WRITABLE_SCOPES.has(server.scope);
}

/**
 * The one key of a row, wherever rows are told apart (React keys, checks, sign-ins and sign-outs,
 * the edit form): the same entry listed for another project is another row.
 */
export function rowKey(
  { name, scope, source }: Pick<ServerEntry, 'name' | 'scope' | 'source'>,
  projectPath: string,
): string {
  return JSON.stringify([projectPath, scope, source ?? '', name]);
}

/** A fixed `Authorization` header: the server is signed in to with that, not with OAuth. */
export function hasFixedAuthorization(server: ServerEntry): boolean {
  return Object.keys(server.headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
}

/** Claude Code signs in to it with OAuth: a remote server without a fixed Authorization header. */
export function usesOAuth(server: ServerEntry): boolean {
  return (server.transport === 'http' || server.transport === 'sse') && !hasFixedAuthorization(server);
}
