/**
 * The last check the server kept of each entry (`last-checks.json`, read through `mcp.contextCost`):
 * a row shows it after a reload, so a server whose tools Context cost counts is never "Not checked".
 */
import type { CheckResult, ContextCost, ServerEntry } from '../trpc';

/** A kept check: when it ran, how it ended and, when it connected, how many tools count (null: it did not connect). */
export interface KeptCheck {
  checkedAt: number;
  status: CheckResult['status'];
  tools: number | null;
}

/** `loading` until the kept checks are read; undefined for an entry never checked (or changed since). */
export type KeptCheckOf = (server: ServerEntry) => KeptCheck | undefined | 'loading';

export function keptCheckFinder(cost: ContextCost | undefined): KeptCheckOf {
  if (cost === undefined) return () => 'loading';
  const kept = new Map<string, KeptCheck>();
  for (const server of cost.servers) {
    if (server.checkedAt !== null && server.checkStatus !== null) {
      kept.set(keyOf(server), {
        checkedAt: server.checkedAt,
        status: server.checkStatus,
        tools: server.tools,
      });
    }
  }
  return (server) => kept.get(keyOf(server));
}

function keyOf({ name, scope, source }: Pick<ServerEntry, 'name' | 'scope' | 'source'>): string {
  return JSON.stringify([scope, source ?? '', name]);
}
