/**
 * What the project's total counts and what it leaves out, in words: a total from checked servers
 * alone is never passed off as the project's cost.
 */
import type { ContextCost } from '../trpc';
import { formatTokens } from './cost-lines';

type ServerCost = ContextCost['servers'][number];

/** Where a server stands for the total. */
export type CostState = 'counted' | 'unchecked' | 'failed' | 'not-loaded';

/**
 * A kept check without tools is one that did not connect (a connected check lists its tools, maybe
 * none): it is "failed", never "no tools".
 */
export function costState(server: ServerCost): CostState {
  if (!server.loads) return 'not-loaded';
  if (server.checkedAt === null) return 'unchecked';
  return server.tokens === null ? 'failed' : 'counted';
}

const servers = (count: number) => `${String(count)} ${count === 1 ? 'server' : 'servers'}`;

export interface CostSummary {
  /** "≈ 11,000 tokens from 4 checked servers" */
  counted: string;
  /** What the total leaves out, each in its own words; empty when nothing is. */
  leftOut: string[];
  /** The loaded servers never checked: what `Check them` checks. */
  unchecked: ServerCost[];
}

export function costSummary(cost: ContextCost): CostSummary {
  const loaded = cost.servers.filter((server) => server.loads);
  const unchecked = loaded.filter((server) => costState(server) === 'unchecked');
  const failed = loaded.filter((server) => costState(server) === 'failed');
  const counted = loaded.length - unchecked.length - failed.length;
  const leftOut: string[] = [];
  if (unchecked.length > 0)
    leftOut.push(
      `${String(unchecked.length)} loaded ${unchecked.length === 1 ? 'server' : 'servers'} not checked yet`,
    );
  if (failed.length > 0) {
    leftOut.push(
      `${servers(failed.length)} whose last check failed, so ${failed.length === 1 ? 'its' : 'their'} tools are not counted`,
    );
  }
  return {
    counted: `≈ ${formatTokens(cost.total)} tokens from ${String(counted)} checked ${counted === 1 ? 'server' : 'servers'}`,
    leftOut,
    unchecked,
  };
}

/** How the kept check that brought no tools ended, in the row's words. */
export function lastCheckWords(status: ServerCost['checkStatus']): string {
  if (status === 'timeout') return 'Last check timed out';
  if (status === 'needs-auth') return 'Last check needs sign-in';
  return 'Last check failed';
}
