import type { Scope } from '@mcp-admin/core/schemas';
import { scopeLabel } from '../scopes';
import { isWritable, type WritableServer } from '../rows';
import type { ServerEntry } from '../trpc';

/** What the typed name meets among the listed servers, before any CLI call. */
export interface NameClash {
  /** A server of this name in the chosen scope: the CLI would refuse the add. */
  taken?: WritableServer;
  /** Same-named servers of other scopes, which the new one shadows or is shadowed by. */
  elsewhere: WritableServer[];
}

/** Claude Code's precedence: the closer scope wins. */
const CLOSENESS: Record<Scope, number> = { local: 3, project: 2, user: 1 };

export function nameClash(servers: readonly ServerEntry[], name: string, scope: Scope): NameClash {
  const same = servers.filter(
    (server): server is WritableServer => isWritable(server) && server.name === name,
  );
  return {
    ...(same.some((server) => server.scope === scope) && {
      taken: same.find((server) => server.scope === scope),
    }),
    elsewhere: same.filter((server) => server.scope !== scope),
  };
}

/** The error under the name when it is taken in the chosen scope. */
export function takenMessage(server: WritableServer): string {
  return `A ${scopeLabel(server.scope)} server named “${server.name}” already exists. Pick another name, or edit that one.`;
}

/** The note when the name exists in other scopes: which one Claude Code will use. */
export function shadowNote(name: string, scope: Scope, others: readonly WritableServer[]): string {
  const shadowed = others.filter((other) => CLOSENESS[other.scope] < CLOSENESS[scope]);
  const winning = others.filter((other) => CLOSENESS[other.scope] > CLOSENESS[scope]);
  const where = (list: readonly WritableServer[]) =>
    list.map((other) => scopeLabel(other.scope)).join(' and ');
  if (winning.length > 0) {
    return `“${name}” also exists in ${where(winning)} scope, which wins: this ${scopeLabel(scope)} one will not be used in this project.`;
  }
  return `This will shadow ${where(shadowed)} › ${name}: in this project Claude Code will use the new ${scopeLabel(scope)} one instead.`;
}
