/** The one masking module: what every answer without `reveal` hides of an entry or a text. */
import { describe, expect, it } from 'vitest';
import {
  REDACTED,
  isSecretName,
  maskArgs,
  maskCredentials,
  maskEntry,
  maskValue,
} from '../src/secret-masking';

const R = REDACTED;

describe('maskCredentials', () => {
  it.each([
    [
      'a database URL password',
      'postgresql://app:hunter2@db.internal/app',
      `postgresql://app:${R}@db.internal/app`,
    ],
    ['an https user and password', 'https://user:pass@host.test/mcp', `https://user:${R}@host.test/mcp`],
    [
      'a token as a URL user',
      'https://ghp_abcdefghijklmnopqrstuvwxyz012345@github.com/o/r',
      `https://${R}@github.com/o/r`,
    ],
    [
      'a secret query parameter',
      'https://e.test/mcp?api_key=abc123&region=eu',
      `https://e.test/mcp?api_key=${R}&region=eu`,
    ],
    [
      'a signed URL',
      'https://b.test/o?X-Amz-Signature=f00d&X-Amz-Date=1',
      `https://b.test/o?X-Amz-Signature=${R}&X-Amz-Date=1`,
    ],
    ['an option with its value', '--client-secret=s3cr3t', `--client-secret=${R}`],
    ['a camelCase option', '--apiKey=s3cr3t', `--apiKey=${R}`],
    ['a variable assignment', 'DB_PASSWORD=pw', `DB_PASSWORD=${R}`],
    ['a header line', 'Authorization: Bearer abcdefgh12345', `Authorization: ${R}`],
    ['a header of another secret name', 'X-Api-Key: k3y', `X-Api-Key: ${R}`],
    ['a bearer credential in prose', 'sent Bearer abcdefghijkl to it', `sent Bearer ${R} to it`],
    ['an Anthropic key', 'sk-ant-api03-abcdefghijklmnopqrstuvwx', R],
    ['a GitHub token', 'token=ghp_abcdefghijklmnopqrstuvwxyz012345', `token=${R}`],
    ['a bare GitHub token', 'ghp_abcdefghijklmnopqrstuvwxyz012345', R],
    ['an AWS access key id', 'AKIAIOSFODNN7EXAMPLE', R],
    ['a Slack token', 'xoxb-1234567890-abcdefghij', R],
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N', R],
    [
      'a private key',
      'key: -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaA\n-----END OPENSSH PRIVATE KEY-----',
      `key: ${R}`,
    ],
    ['an option and its value in a text', 'psql --token tok-1 --port 5432', `psql --token ${R} --port 5432`],
    [
      'a CLI report quoting a command',
      'Added stdio MCP server db with command: psql postgresql://app:hunter2@db/app to user config',
      `Added stdio MCP server db with command: psql postgresql://app:${R}@db/app to user config`,
    ],
  ])('hides %s', (_label, text, masked) => {
    expect(maskCredentials(text)).toBe(masked);
    expect(maskCredentials(masked)).toBe(masked);
  });

  it.each([
    'node',
    'server.js',
    '-y',
    '@modelcontextprotocol/server-filesystem',
    '--root=/tmp',
    'https://example.test/mcp',
    'git+ssh://git@github.com/o/r.git',
    'https://e.test/mcp?region=eu&page=2',
    'Removed MCP server web from user config',
    'File modified: /home/me/.claude.json',
    'Headers: {\n  "Authorization": "[REDACTED]"\n}',
  ])('leaves %j as it is', (text) => {
    expect(maskCredentials(text)).toBe(text);
  });
});

describe('maskCredentials on hostile text', () => {
  // Each shape restarts a pattern at every few characters: a pattern that scanned the rest of the
  // run again from each would take hours over a megabyte (a `.mcp.json` may hold one).
  it.each(['a.', '-eyJ', 'x://', 'a=', '\n"a'])('leaves a megabyte of %j as it is', (unit) => {
    const text = unit.repeat(Math.ceil((1024 * 1024) / unit.length));
    expect(maskCredentials(text) === text).toBe(true);
  });
});

describe('maskArgs', () => {
  it('hides the value after a secret-named option and of a secret-named assignment, not after a flag', () => {
    expect(
      maskArgs([
        '--token',
        'abc',
        '--no-auth',
        '/srv/data',
        '-e',
        'REGION=eu',
        '-e',
        'API_KEY=k',
        '--password',
        'pw',
        '--header',
        'Authorization: Bearer abcdefgh123',
        'postgresql://app:hunter2@db/app',
      ]),
    ).toEqual([
      '--token',
      R,
      '--no-auth',
      '/srv/data',
      '-e',
      'REGION=eu',
      '-e',
      `API_KEY=${R}`,
      '--password',
      R,
      '--header',
      `Authorization: ${R}`,
      `postgresql://app:${R}@db/app`,
    ]);
  });
});

describe('maskEntry', () => {
  it('hides env and header values whole, keys kept, and the credentials of every other string', () => {
    expect(
      maskEntry({
        type: 'stdio',
        command: 'psql',
        args: ['--token', 'abc', 'postgresql://app:hunter2@db/app'],
        env: { API_KEY: 'k', REGION: 'eu' },
        headers: 'malformed',
        url: 'https://user:pass@e.test/mcp',
        oauth: { clientId: 'mcp-admin', clientSecret: 'cs', callbackPort: 8765 },
        timeout: 5,
        ['__proto__']: { token: 't' },
      }),
    ).toEqual(
      JSON.parse(
        JSON.stringify({
          type: 'stdio',
          command: 'psql',
          args: ['--token', R, `postgresql://app:${R}@db/app`],
          env: { API_KEY: R, REGION: R },
          headers: R,
          url: `https://user:${R}@e.test/mcp`,
          oauth: { clientId: 'mcp-admin', clientSecret: R, callbackPort: 8765 },
          timeout: 5,
          ['__proto__']: { token: R },
        }),
      ),
    );
  });

  it('hides whole what nests deeper than 64 levels instead of exhausting the stack', () => {
    let deep: unknown = 'secret';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    let masked = maskValue(deep);
    for (let level = 0; level < 64; level++) masked = (masked as unknown[])[0];
    expect(masked).toBe(R);
  });
});

describe('isSecretName', () => {
  it.each([
    ['API_KEY', true],
    ['apiKey', true],
    ['--client-secret', true],
    ['GITHUB_TOKEN', true],
    ['Authorization', true],
    ['db.password', true],
    ['oauth', false],
    ['author', false],
    ['keyboard', false],
    ['--root', false],
    ['region', false],
  ])('%s: %s', (name, secret) => {
    expect(isSecretName(name)).toBe(secret);
  });
});
