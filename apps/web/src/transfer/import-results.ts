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

const SCOPE_WORDS = { user: 'User', local: 'Local', project: 'Project' } as const;

/** The result in two words; an add that shadows, is shadowed or replaces says so first. */
export function outcomeLabel(result: ImportResult): string {
  const { outcome, replaces, shadows, shadowedBy } = result;
  const future = outcome === 'would-add';
  if (outcome === 'would-add' || outcome === 'added') {
    if (replaces !== undefined)
      return `${future ? 'Will replace' : 'Replaced'} ${SCOPE_WORDS[replaces.scope]}`;
    if (shadows !== undefined) return `${future ? 'Will shadow' : 'Shadows'} ${SCOPE_WORDS[shadows.scope]}`;
    if (shadowedBy !== undefined)
      return `${future ? 'Will be' : 'Is'} shadowed by ${SCOPE_WORDS[shadowedBy.scope]}`;
  }
  return OUTCOMES[outcome].label;
}

export function outcomeTone(result: ImportResult): string {
  const meets =
    result.shadows !== undefined || result.shadowedBy !== undefined || result.replaces !== undefined;
  return meets && result.outcome === 'would-add' ? 'warn' : OUTCOMES[result.outcome].tone;
}

/** Whether a stored entry of that name is in the way: replacing it is a choice. */
export function meetsStoredEntry(result: ImportResult): boolean {
  return (
    result.outcome === 'exists' ||
    result.shadows !== undefined ||
    result.shadowedBy !== undefined ||
    result.replaces !== undefined
  );
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
  return [...counts]
    .map(([outcome, count]) => `${count} ${OUTCOMES[outcome].label.toLowerCase()}`)
    .join(', ');
}
