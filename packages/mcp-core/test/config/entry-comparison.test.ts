import { describe, expect, it } from 'vitest';
import { differingFields } from '../../src/config/entry-comparison';

describe('differingFields', () => {
  it('finds none between entries Claude Code reads alike', () => {
    expect(
      differingFields({ command: 'node', args: [] }, { type: 'stdio', command: 'node', args: [], env: {} }),
    ).toEqual([]);
    expect(
      differingFields({ type: 'streamable-http', url: 'u' }, { type: 'http', url: 'u', headers: {} }),
    ).toEqual([]);
  });

  it('names each field that differs, either way', () => {
    expect(
      differingFields(
        { type: 'stdio', command: 'node', args: ['a'], env: { K: '1' }, timeout: 5 },
        { type: 'stdio', command: 'node', args: ['b'], env: { K: '2' }, alwaysLoad: true },
      ),
    ).toEqual(['args', 'env', 'timeout', 'alwaysLoad']);
  });

  it('says the whole entry differs when one is not an object', () => {
    expect(differingFields({ command: 'x' }, 'x')).toEqual(['the whole entry']);
  });
});
