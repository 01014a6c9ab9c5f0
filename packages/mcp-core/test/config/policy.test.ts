import { describe, expect, it } from 'vitest';
import { isAllowed, isDenied, serverRulesOf, urlMatches } from '../../src/config/policy';

describe('urlMatches', () => {
  it.each([
    ['https://api.example.com/mcp', 'https://api.example.com/mcp', true],
    ['https://api.example.com/mcp', '*', true],
    // `*` in the host takes any label run, but not the bare domain.
    ['https://api.example.com/mcp', 'https://*.example.com/*', true],
    ['https://a.b.example.com/mcp', 'https://*.example.com/*', true],
    ['https://example.com/mcp', 'https://*.example.com/*', false],
    // An origin alone (no path, no trailing slash) takes every path; with the slash, only the root.
    ['https://api.example.com/a/b?x=1', 'https://*.example.com', true],
    ['https://api.example.com/a', 'https://api.example.com/', false],
    ['https://api.example.com/a/b/c', 'https://api.example.com/a/*', true],
    ['https://api.example.com/b/c', 'https://api.example.com/a/*', false],
    ['https://API.Example.com/mcp', 'https://api.example.com/mcp', true],
    ['http://api.example.com/mcp', 'https://api.example.com/mcp', false],
    ['https://api.example.com:8443/mcp', 'https://api.example.com/mcp', false],
    ['https://api.example.com:8443/mcp', 'https://*.example.com/mcp', true],
    ['not a url', '*.example.com', false],
  ])('%s against %s: %s', (url, pattern, matches) => {
    expect(urlMatches(url, pattern)).toBe(matches);
  });
});

describe('isDenied', () => {
  const denied =
    serverRulesOf([
      { serverName: 'by-name' },
      { serverCommand: ['npx', 'bad-server'] },
      { serverUrl: 'https://mcp.example.com/v1' },
    ]) ?? [];

  it('matches a name verbatim, a command word for word, and returns the matching entry', () => {
    expect(isDenied({ name: 'by-name' }, denied)).toEqual({ serverName: 'by-name' });
    expect(isDenied({ name: 'By-Name' }, denied)).toBeUndefined();
    expect(isDenied({ name: 'x', command: ['npx', 'bad-server'] }, denied)).toEqual({
      serverCommand: ['npx', 'bad-server'],
    });
    expect(isDenied({ name: 'x', command: ['npx', 'bad-server', '--flag'] }, denied)).toBeUndefined();
    expect(isDenied({ name: 'x', command: ['npx'] }, denied)).toBeUndefined();
  });

  it('catches a URL with a query or a trailing slash that the pattern leaves out', () => {
    const rule = { serverUrl: 'https://mcp.example.com/v1' };
    expect(isDenied({ name: 'x', url: 'https://mcp.example.com/v1?team=a' }, denied)).toEqual(rule);
    expect(isDenied({ name: 'x', url: 'https://mcp.example.com/v1/' }, denied)).toEqual(rule);
    expect(isDenied({ name: 'x', url: 'https://mcp.example.com/v2' }, denied)).toBeUndefined();
  });
});

describe('isAllowed', () => {
  it('admits nothing with an empty list', () => {
    expect(isAllowed({ name: 'a', command: ['a'] }, [])).toBe(false);
  });

  it('holds a stdio server to the serverCommand entries when there are any, else to its name', () => {
    const withCommands = [{ serverName: 'a' }, { serverCommand: ['node', 'ok.js'] }];
    expect(isAllowed({ name: 'a', command: ['node', 'other.js'] }, withCommands)).toBe(false);
    expect(isAllowed({ name: 'z', command: ['node', 'ok.js'] }, withCommands)).toBe(true);
    expect(isAllowed({ name: 'a', command: ['node', 'other.js'] }, [{ serverName: 'a' }])).toBe(true);
  });

  it('holds a remote server to the serverUrl entries when there are any, else to its name', () => {
    const withUrls = [{ serverName: 'a' }, { serverUrl: 'https://*.example.com/*' }];
    expect(isAllowed({ name: 'a', url: 'https://other.org/mcp' }, withUrls)).toBe(false);
    expect(isAllowed({ name: 'z', url: 'https://mcp.example.com/mcp' }, withUrls)).toBe(true);
    expect(
      isAllowed({ name: 'a', url: 'https://other.org/mcp' }, [{ serverName: 'a' }, { serverCommand: ['x'] }]),
    ).toBe(true);
  });
});

describe('serverRulesOf', () => {
  it('reads a list, skipping entries without exactly one known field; no list is undefined', () => {
    expect(
      serverRulesOf([
        { serverName: 'a' },
        { serverCommand: ['x', 'y'] },
        { serverUrl: 'https://u' },
        { serverName: 'b', serverUrl: 'https://u' },
        { serverCommand: [] },
        { serverCommand: 'x' },
        'a',
        null,
      ]),
    ).toEqual([{ serverName: 'a' }, { serverCommand: ['x', 'y'] }, { serverUrl: 'https://u' }]);
    expect(serverRulesOf({ serverName: 'a' })).toBeUndefined();
    expect(serverRulesOf(undefined)).toBeUndefined();
  });
});
