import type { RouterOutputs } from '@mcp-admin/api';

export type ImportResult = RouterOutputs['mcp']['import'][number];
export type ImportOutcome = ImportResult['outcome'];

const OUTCOMES: Record<ImportOutcome, { label: string; tone: 'ok' | 'warn' | 'muted' | 'bad' }> = {
  'would-add': { label: 'Will be added', tone: 'ok' },
  added: { label: 'Added', tone: 'ok' },
  exists: { label: 'Already there', tone: 'muted' },
  invalid: { label: 'Invalid', tone: 'bad' },
  failed: { label: 'Failed', tone: 'bad' },
};

export function outcomeLabel(outcome: ImportOutcome): string {
  return OUTCOMES[outcome].label;
}

export function outcomeTone(outcome: ImportOutcome): string {
  return OUTCOMES[outcome].tone;
}

/** Only a server the preview says will be added can be imported; it starts checked. */
export function isImportable(result: ImportResult): boolean {
  return result.outcome === 'would-add';
}

/** One line for the status region, e.g. "2 will be added, 1 already there, 1 invalid". */
export function summarize(results: readonly ImportResult[]): string {
  if (results.length === 0) return 'The document holds no servers.';
  const counts = new Map<ImportOutcome, number>();
  for (const { outcome } of results) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  return [...counts].map(([outcome, count]) => `${count} ${outcomeLabel(outcome).toLowerCase()}`).join(', ');
}
