import { describe, expect, it } from 'vitest';
import { changedFieldPaths } from '../../../src/entry-comparison';
import { mergedEntry } from '../../../src/service/entries/edits';

describe('mergedEntry', () => {
  const stdio = { type: 'stdio', command: 'node', args: ['a.js'], env: { K: 'v' }, timeout: 5 };

  it('replaces each given field whole and keeps every other stored field', () => {
    expect(mergedEntry(stdio, { env: { L: 'w' }, name: 'ignored', scope: 'local' })).toEqual({
      ...stdio,
      env: { L: 'w' },
    });
  });

  it('drops the stdio options when a stdio entry gets a URL, and the http ones when an http entry gets a command', () => {
    const http = mergedEntry(stdio, { url: 'https://e.test', headers: { H: 'x' } });
    expect(http).toEqual({ type: 'http', url: 'https://e.test', headers: { H: 'x' }, timeout: 5 });
    expect(mergedEntry(http, { command: 'deno', transport: 'stdio' })).toEqual({
      type: 'stdio',
      command: 'deno',
      timeout: 5,
    });
  });

  it('drops oauth and headersHelper with url and headers when a remote entry becomes stdio, by a command or by the stdio transport', () => {
    const signedIn = {
      type: 'http',
      url: 'https://e.test',
      headers: { H: 'x' },
      oauth: { clientId: 'c' },
      headersHelper: '/bin/h',
      timeout: 5,
    };
    const stdio = { type: 'stdio', command: 'node', timeout: 5 };
    expect(mergedEntry(signedIn, { command: 'node' })).toEqual(stdio);
    expect(mergedEntry(signedIn, { transport: 'stdio', command: 'node' })).toEqual(stdio);
    expect(mergedEntry(signedIn, { transport: 'sse' })).toEqual({ ...signedIn, type: 'sse' });
  });

  it('keeps a stored __proto__ key as plain data', () => {
    const stored = JSON.parse('{"command":"node","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const merged = mergedEntry(stored, { args: [] });
    expect(Object.keys(merged)).toEqual(['command', '__proto__', 'args']);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });
});

describe('changedFieldPaths', () => {
  it('names changed fields, and the changed keys of a map, never their values', () => {
    expect(
      changedFieldPaths(
        { command: 'node', env: { A: '1', B: '2' }, timeout: 5 },
        { command: 'node', env: { A: '1', C: '3' }, alwaysLoad: true },
      ),
    ).toEqual(['env.B', 'env.C', 'timeout', 'alwaysLoad']);
  });
});
