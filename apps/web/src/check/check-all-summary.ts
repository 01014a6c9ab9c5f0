import type { CheckResult, ServerEntry } from '../trpc';

export type CheckCounts = Record<CheckResult['status'], number>;

export const NO_CHECKS: CheckCounts = { ok: 0, failed: 0, timeout: 0, 'needs-auth': 0 };

/**
 * What one `Check all` found, in a sentence: how many of how many, how each ended, and the
 * servers it left out because Claude Code does not load them (a pending one runs a repository's
 * command, so it is checked only one at a time, when asked).
 */
export function checkAllSummary(
  checked: number,
  total: number,
  counts: CheckCounts,
  ended: boolean,
  servers: readonly ServerEntry[],
): string {
  if (!ended) return total > 0 ? `${checked} of ${total} checked` : 'Checking all servers…';
  const outcomes = outcomesOf(counts);
  const pending = servers.filter((server) => server.status === 'pending').length;
  const skipped =
    pending === 0
      ? ''
      : pending === 1
        ? ' Skipped 1 server waiting for approval: check it on its own row.'
        : ` Skipped ${pending} servers waiting for approval: check each on its own row.`;
  const head =
    total === 0 ? 'No active servers to check.' : `${checked} of ${total} checked: ${outcomes.join(', ')}.`;
  return `${head}${skipped}`;
}

/** A `Check all` the user cancelled: how far it got; the servers still waiting were stopped. */
export function cancelledCheckAllSummary(checked: number, total: number, counts: CheckCounts): string {
  if (checked === 0) return 'Check all cancelled before any server answered.';
  return `Check all cancelled: ${checked} of ${total} checked: ${outcomesOf(counts).join(', ')}.`;
}

function outcomesOf(counts: CheckCounts): string[] {
  return [
    counts.ok > 0 && `${counts.ok} connected`,
    counts.failed > 0 && `${counts.failed} failed`,
    counts.timeout > 0 && `${counts.timeout} timed out`,
    counts['needs-auth'] > 0 &&
      `${counts['needs-auth']} need${counts['needs-auth'] === 1 ? 's' : ''} sign-in`,
  ].filter((part) => part !== false);
}
