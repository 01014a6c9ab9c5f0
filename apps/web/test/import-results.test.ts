import { describe, expect, it } from 'vitest';
import {
  isImportable,
  meetsStoredEntry,
  outcomeLabel,
  summarize,
  type ImportResult,
} from '../src/transfer/import-results';

const result = (name: string, outcome: ImportResult['outcome']): ImportResult => ({
  name,
  outcome,
  message: '',
});

describe('import results in words', () => {
  it('counts the outcomes in the order they first appear', () => {
    expect(
      summarize([
        result('a', 'would-add'),
        result('b', 'invalid'),
        result('c', 'would-add'),
        result('d', 'exists'),
      ]),
    ).toBe('2 will be added, 1 invalid, 1 already there');
    expect(summarize([result('a', 'added'), result('b', 'failed')])).toBe('1 added, 1 failed');
  });

  it('says when the document holds no servers', () => {
    expect(summarize([])).toBe('The document holds no servers.');
  });

  it('lets only a server that would be added be chosen for import', () => {
    expect(
      (['would-add', 'added', 'exists', 'invalid', 'failed'] as const).map((outcome) => [
        outcomeLabel(result('s', outcome)),
        isImportable(result('s', outcome)),
      ]),
    ).toEqual([
      ['Will be added', true],
      ['Added', false],
      ['Already there', false],
      ['Invalid', false],
      ['Failed', false],
    ]);
  });

  it('says first that an add shadows, is shadowed by or replaces a stored entry, and offers Replace only then', () => {
    const source = '/home/me/.claude.json';
    const shadowing = { ...result('s', 'would-add'), shadows: { scope: 'user' as const, source } };
    const shadowed = { ...result('s', 'would-add'), shadowedBy: { scope: 'local' as const, source } };
    const replacing = { ...result('s', 'added'), replaces: { scope: 'user' as const, source } };

    expect([shadowing, shadowed, replacing].map(outcomeLabel)).toEqual([
      'Will shadow User',
      'Will be shadowed by Local',
      'Replaced User',
    ]);
    expect([shadowing, result('s', 'exists'), result('s', 'would-add')].map(meetsStoredEntry)).toEqual([
      true,
      true,
      false,
    ]);
  });
});
