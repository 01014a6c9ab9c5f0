import { describe, expect, it } from 'vitest';
import { fieldsDifferingAsLoaded } from '../src/entry-comparison';

describe('fieldsDifferingAsLoaded', () => {
  it('finds none between entries Claude Code reads alike', () => {
    expect(
      fieldsDifferingAsLoaded(
        { command: 'node', args: [] },
        { type: 'stdio', command: 'node', args: [], env: {} },
      ),
    ).toEqual([]);
    expect(
      fieldsDifferingAsLoaded({ type: 'streamable-http', url: 'u' }, { type: 'http', url: 'u', headers: {} }),
    ).toEqual([]);
  });

  it('names each field that differs, either way', () => {
    expect(
      fieldsDifferingAsLoaded(
        { type: 'stdio', command: 'node', args: ['a'], env: { K: '1' }, timeout: 5 },
        { type: 'stdio', command: 'node', args: ['b'], env: { K: '2' }, alwaysLoad: true },
      ),
    ).toEqual(['args', 'env', 'timeout', 'alwaysLoad']);
  });

  it('says the whole entry differs when one is not an object', () => {
    expect(fieldsDifferingAsLoaded({ command: 'x' }, 'x')).toEqual(['the whole entry']);
  });
});
