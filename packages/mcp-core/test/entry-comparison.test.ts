import { describe, expect, it } from 'vitest';
import { fieldsDifferingAsLoaded, fieldsNotHeld, keysChangedIgnoringEmpty } from '../src/entry-comparison';

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

describe('fieldsNotHeld', () => {
  it('names the asked fields the stored entry does not hold, a missing list or map counting as empty', () => {
    expect(
      fieldsNotHeld(
        { type: 'stdio', command: 'node', args: [], env: {}, headers: {}, timeout: 5 },
        { type: 'stdio', command: 'deno', timeout: 5, alwaysLoad: true },
      ),
    ).toEqual(['command']);
  });
});

describe('keysChangedIgnoringEmpty', () => {
  it('names the keys whose value changed, either way, an empty list or map counting as a missing one', () => {
    expect(
      keysChangedIgnoringEmpty(
        { command: 'node', args: [], env: { K: '1' }, timeout: 5 },
        { command: 'node', headers: {}, env: { K: '2' }, alwaysLoad: true },
      ),
    ).toEqual(['env', 'timeout', 'alwaysLoad']);
  });
});
