import { describe, expect, it } from 'vitest';
import {
  addServerInputSchema,
  describeIssues,
  listServersInputSchema,
  removeServerInputSchema,
  watchInputSchema,
} from '../src/schemas';

/** Every issue as `path: message`, so a test pins the field and the rule together. */
function issuesOf(
  schema: { safeParse(input: unknown): { error?: { issues: IssueLike[] } } },
  input: unknown,
) {
  return (schema.safeParse(input).error?.issues ?? []).map(
    (issue) => `${issue.path.join('.')}: ${issue.message}`,
  );
}
interface IssueLike {
  path: PropertyKey[];
  message: string;
}

const stdio = { name: 'files', scope: 'user', command: 'npx' } as const;
const http = { name: 'web', scope: 'user', url: 'https://example.test/mcp' } as const;

describe('addServerInputSchema accepts', () => {
  it.each([
    ['a minimal stdio server', stdio],
    ['a minimal http server', http],
    ['stdio with explicit transport', { ...stdio, transport: 'stdio' }],
    ['sse', { ...http, transport: 'sse' }],
    ['a 64-char name of every allowed class', { ...stdio, name: `a_-Z9${'x'.repeat(59)}` }],
    ['args that look like flags, after --', { ...stdio, args: ['-y', '--port=3', '--', ''] }],
    ['env values that start with - or hold =', { ...stdio, env: { A: '-x', B: 'k=v', _C: '' } }],
    ['header values starting with -', { ...http, headers: { 'X-Api-Key': '-secret' } }],
    ['every RFC 9110 token char in a header name', { ...http, headers: { "!#$%&'*+.^_`|~0aZ-": 'v' } }],
    ['a project path', { ...stdio, scope: 'local', projectPath: '/home/u/my..project/x' }],
    ['a 2048-char url', { ...http, url: `https://e.test/${'a'.repeat(2048 - 15)}` }],
    ['64 args', { ...stdio, args: Array(64).fill('a') }],
    [
      '64 env entries',
      { ...stdio, env: Object.fromEntries(Array.from({ length: 64 }, (_, i) => [`K${i}`, 'v'])) },
    ],
    [
      '64 headers',
      { ...http, headers: Object.fromEntries(Array.from({ length: 64 }, (_, i) => [`H${i}`, 'v'])) },
    ],
    ['unicode in values', { ...stdio, command: 'café', args: ['日本'] }],
  ])('%s', (_label, input) => {
    expect(issuesOf(addServerInputSchema, input)).toEqual([]);
  });

  it('keeps constructor and prototype as plain keys', () => {
    const env = JSON.parse('{"constructor":"c","prototype":"t"}') as unknown;
    const parsed = addServerInputSchema.parse({ ...stdio, env });
    expect(Object.keys(parsed.env ?? {})).toEqual(['constructor', 'prototype']);
    expect(Object.getPrototypeOf(parsed.env)).toBe(Object.prototype);
    expect(parsed.env?.constructor).toBe('c');
  });

  it('returns exactly what it was given', () => {
    const input = {
      name: 'x',
      scope: 'project',
      transport: 'stdio',
      command: 'node',
      args: ['-e', 'a b'],
      env: { K: 'v' },
    };
    expect(addServerInputSchema.parse(input)).toEqual(input);
  });
});

describe('addServerInputSchema rejects, naming the field and the rule', () => {
  it.each<[string, unknown, string[]]>([
    ['a name starting with -', { ...stdio, name: '-x' }, ['name: name may not start with "-"']],
    ['an empty name', { ...stdio, name: '' }, ['name: name is required']],
    [
      'a control character in a name',
      { ...stdio, name: 'a\u0000' },
      ['name: name may only contain letters, digits, "_" and "-"'],
    ],
    [
      'a name with a space',
      { ...stdio, name: 'a b' },
      ['name: name may only contain letters, digits, "_" and "-"'],
    ],
    ['a 65-char name', { ...stdio, name: 'a'.repeat(65) }, ['name: name must be at most 64 characters']],
    [
      'the reserved name __proto__',
      { ...stdio, name: '__proto__' },
      ['name: name "__proto__" is reserved: Claude Code cannot store it'],
    ],
    [
      'a name Object.prototype has, which the CLI calls existing or reserved',
      { ...stdio, name: 'toString' },
      ['name: name "toString" is reserved: Claude Code cannot add a server of that name'],
    ],
    [
      'constructor as a name',
      { ...stdio, name: 'constructor' },
      ['name: name "constructor" is reserved: Claude Code cannot add a server of that name'],
    ],
    [
      'a __proto__ env key, reported rather than dropped',
      { ...stdio, env: JSON.parse('{"__proto__":"x","A":"1"}') as unknown },
      ['env.__proto__: env name "__proto__" is reserved: Claude Code cannot store it'],
    ],
    [
      'a __proto__ header name',
      { ...http, headers: JSON.parse('{"__proto__":"x"}') as unknown },
      ['headers.__proto__: header name "__proto__" is reserved: Claude Code cannot store it'],
    ],
    ['a missing scope', { name: 'x', command: 'c' }, ['scope: scope must be one of user, local, project']],
    ['an unknown scope', { ...stdio, scope: 'global' }, ['scope: scope must be one of user, local, project']],
    [
      'a command starting with -',
      { ...stdio, command: '--help' },
      ['command: command may not start with "-"'],
    ],
    ['a blank command', { ...stdio, command: '  ' }, ['command: command may not be blank']],
    [
      'a control character in an arg',
      { ...stdio, args: ['a\nb'] },
      ['args.0: argument may not contain control characters'],
    ],
    [
      'DEL in a command',
      { ...stdio, command: 'a\u007f' },
      ['command: command may not contain control characters'],
    ],
    [
      'a 513-char arg',
      { ...stdio, args: ['a'.repeat(513)] },
      ['args.0: argument must be at most 512 characters'],
    ],
    ['65 args', { ...stdio, args: Array(65).fill('a') }, ['args: args may have at most 64 entries']],
    [
      'an env key starting with a digit',
      { ...stdio, env: { '1A': 'v' } },
      ['env.1A: env name must start with a letter or "_" and hold only letters, digits and "_"'],
    ],
    [
      'an env key with =',
      { ...stdio, env: { 'A=B': 'v' } },
      ['env.A=B: env name must start with a letter or "_" and hold only letters, digits and "_"'],
    ],
    ['a non-string env value', { ...stdio, env: { A: 1 } }, ['env.A: env value must be a string']],
    ['env as an array', { ...stdio, env: ['A=1'] }, ['env: env must be an object of strings']],
    [
      '65 env entries',
      { ...stdio, env: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`K${i}`, 'v'])) },
      ['env: env may have at most 64 entries'],
    ],
    ['a url that is not a url', { ...http, url: 'not a url' }, ['url: url must be an absolute http(s) URL']],
    ['an ftp url', { ...http, url: 'ftp://example.test/' }, ['url: url must be an absolute http(s) URL']],
    ['a relative url', { ...http, url: '/mcp' }, ['url: url must be an absolute http(s) URL']],
    [
      'a url starting with -',
      { ...http, url: '-https://x' },
      ['url: url may not start with "-"', 'url: url must be an absolute http(s) URL'],
    ],
    [
      'a 2049-char url',
      { ...http, url: `https://e.test/${'a'.repeat(2049 - 15)}` },
      ['url: url must be at most 2048 characters'],
    ],
    [
      'a header name with a colon',
      { ...http, headers: { 'X:Y': 'v' } },
      ['headers.X:Y: header name may only contain letters, digits and !#$%&\'*+-.^_`|~ (no spaces or ":")'],
    ],
    [
      'a header name with a space',
      { ...http, headers: { 'X Y': 'v' } },
      ['headers.X Y: header name may only contain letters, digits and !#$%&\'*+-.^_`|~ (no spaces or ":")'],
    ],
    [
      'a header name starting with -',
      { ...http, headers: { '-X': 'v' } },
      ['headers.-X: header name may not start with "-"'],
    ],
    [
      'a header value with surrounding whitespace',
      { ...http, headers: { X: ' v ' } },
      ['headers.X: header value may not start or end with whitespace'],
    ],
    [
      'a header value with a newline',
      { ...http, headers: { X: 'a\r\nInjected: 1' } },
      ['headers.X: header value may not contain control characters'],
    ],
    ['both command and url', { ...stdio, url: http.url }, ['url: give either command or url, not both']],
    [
      'neither command nor url',
      { name: 'x', scope: 'user' },
      ['command: command (stdio) or url (http/sse) is required'],
    ],
    ['env with url', { ...http, env: { A: '1' } }, ['env: env only goes with command']],
    ['args with url', { ...http, args: ['a'] }, ['args: args only go with command']],
    ['headers with command', { ...stdio, headers: { A: '1' } }, ['headers: headers only go with url']],
    [
      'transport http with command',
      { ...stdio, transport: 'http' },
      ['transport: transport with command must be stdio'],
    ],
    [
      'transport stdio with url',
      { ...http, transport: 'stdio' },
      ['transport: transport with url must be http or sse'],
    ],
    [
      'an unknown transport',
      { ...http, transport: 'ws' },
      ['transport: transport must be one of stdio, http, sse'],
    ],
    [
      'a relative projectPath',
      { ...stdio, projectPath: 'repo' },
      ['projectPath: projectPath must be an absolute path'],
    ],
    [
      'a projectPath with ..',
      { ...stdio, projectPath: '/home/u/../root' },
      ['projectPath: projectPath may not contain a ".." segment'],
    ],
    ['an unknown field', { ...stdio, cwd: '/' }, [': unknown field cwd']],
    ['a non-object', 'files', [': input must be an object']],
  ])('%s', (_label, input, expected) => {
    expect(issuesOf(addServerInputSchema, input)).toEqual(expected);
  });
});

describe('the other inputs', () => {
  it('remove takes a name and an optional scope', () => {
    expect(issuesOf(removeServerInputSchema, { name: 'x' })).toEqual([]);
    // A server of that name written by hand can still go.
    expect(issuesOf(removeServerInputSchema, { name: 'constructor' })).toEqual([]);
    expect(issuesOf(removeServerInputSchema, { name: '-x', scope: 'all' })).toEqual([
      'name: name may not start with "-"',
      'scope: scope must be one of user, local, project',
    ]);
  });

  it('remove takes the source file of a listed entry, only together with its scope', () => {
    expect(
      issuesOf(removeServerInputSchema, { name: 'x', scope: 'project', source: '/repo/.mcp.json' }),
    ).toEqual([]);
    expect(issuesOf(removeServerInputSchema, { name: 'x', source: '/repo/.mcp.json' })).toEqual([
      'scope: scope is required with source',
    ]);
    expect(
      issuesOf(removeServerInputSchema, { name: 'x', scope: 'project', source: 'repo/../.mcp.json' }),
    ).toEqual(['source: source must be an absolute path', 'source: source may not contain a ".." segment']);
  });

  it('list takes nothing, a project and reveal', () => {
    expect(issuesOf(listServersInputSchema, undefined)).toEqual([]);
    expect(issuesOf(listServersInputSchema, { projectPath: '/p', reveal: true })).toEqual([]);
    expect(issuesOf(listServersInputSchema, { reveal: 'yes' })).toEqual([
      'reveal: reveal must be true or false',
    ]);
  });

  it('watch takes a project and the lastEventId a reconnecting subscription sends, nothing else', () => {
    expect(issuesOf(watchInputSchema, undefined)).toEqual([]);
    expect(issuesOf(watchInputSchema, { projectPath: '/p', lastEventId: '1:2:3|-' })).toEqual([]);
    expect(issuesOf(watchInputSchema, { lastEventId: null })).toEqual([]);
    expect(issuesOf(watchInputSchema, { projectPath: '/p/../q', lastEventId: 'a\nb', reveal: true })).toEqual(
      [
        'projectPath: projectPath may not contain a ".." segment',
        'lastEventId: lastEventId may not contain control characters',
        ': unknown field reveal',
      ],
    );
  });
});

describe('oversized inputs', () => {
  const entries = (count: number, entry: (index: number) => [string, unknown]) =>
    Object.fromEntries(Array.from({ length: count }, (_, index) => entry(index)));

  it('are refused for their size alone, before a single entry is checked', () => {
    const badEnv = entries(90_000, (index) => [`${index}bad key`, index]);
    const badHeaders = entries(65, (index) => [`${index} bad`, ' v ']);

    expect(issuesOf(addServerInputSchema, { ...stdio, env: badEnv })).toEqual([
      'env: env may have at most 64 entries',
    ]);
    expect(issuesOf(addServerInputSchema, { ...http, headers: badHeaders })).toEqual([
      'headers: headers may have at most 64 entries',
    ]);
    expect(issuesOf(addServerInputSchema, { ...stdio, args: Array(90_000).fill('a\nb') })).toEqual([
      'args: args may have at most 64 entries',
    ]);
  });

  it('are described by their first 20 issues and a count of the rest', () => {
    const env = entries(64, (index) => [`${index}x`, 0]);
    const error = addServerInputSchema.safeParse({ ...stdio, env }).error;
    const described = Array.from({ length: 10 }, (_, index) => [
      `env.${index}x: env name must start with a letter or "_" and hold only letters, digits and "_"`,
      `env.${index}x: env value must be a string`,
    ]).flat();

    expect(error?.issues).toHaveLength(128);
    expect(error && describeIssues(error)).toBe(`${described.join('; ')}; and 108 more`);
  });

  it('show long keys and unknown fields shortened, whole characters only', () => {
    const longKey = `${'é'.repeat(63)}😀${'x'.repeat(100_000)}`;
    const unknown = entries(7, (index) => [`${index}${'u'.repeat(100)}`, 1]);
    const error = addServerInputSchema.safeParse({ ...stdio, env: { [longKey]: 'v' } }).error;

    expect(error && describeIssues(error)).toBe(
      `env.${'é'.repeat(63)}😀…: env name must be at most 512 characters; env.${'é'.repeat(63)}😀…: env name must start with a letter or "_" and hold only letters, digits and "_"`,
    );
    expect(issuesOf(addServerInputSchema, { ...stdio, ...unknown })).toEqual([
      `: unknown field ${['0', '1', '2', '3', '4'].map((index) => `${index}${'u'.repeat(63)}…`).join(', ')}, and 2 more`,
    ]);
  });
});
