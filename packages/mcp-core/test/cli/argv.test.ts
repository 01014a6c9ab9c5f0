import { describe, expect, it } from 'vitest';
import { addArgv, addJsonArgv, removeArgv } from '../../src/cli/argv';
import { addServerInputSchema } from '../../src/schemas';

describe('addArgv', () => {
  it('puts env pairs before -- and the command with its args after it', () => {
    const input = addServerInputSchema.parse({
      name: 'files',
      scope: 'local',
      command: 'npx',
      args: ['-y', '@scope/server', '--root', '/tmp'],
      env: { TOKEN: 'a=b', DEBUG: '-1' },
    });
    expect(addArgv(input)).toEqual([
      'mcp',
      'add',
      '--scope',
      'local',
      'files',
      '-e',
      'TOKEN=a=b',
      '-e',
      'DEBUG=-1',
      '--',
      'npx',
      '-y',
      '@scope/server',
      '--root',
      '/tmp',
    ]);
  });

  it('ends a stdio server without args at its command', () => {
    const input = addServerInputSchema.parse({
      name: 's',
      scope: 'user',
      transport: 'stdio',
      command: 'node',
    });
    expect(addArgv(input)).toEqual(['mcp', 'add', '--scope', 'user', 's', '--', 'node']);
  });

  it('puts headers after NAME and URL, http by default', () => {
    const input = addServerInputSchema.parse({
      name: 'web',
      scope: 'project',
      url: 'https://example.test/mcp',
      headers: { Authorization: 'Bearer -x', 'X-Trace': 'a: b' },
    });
    expect(addArgv(input)).toEqual([
      'mcp',
      'add',
      '--scope',
      'project',
      '--transport',
      'http',
      'web',
      'https://example.test/mcp',
      '--header',
      'Authorization: Bearer -x',
      '--header',
      'X-Trace: a: b',
    ]);
  });

  it('passes sse through', () => {
    const input = addServerInputSchema.parse({
      name: 'ev',
      scope: 'user',
      transport: 'sse',
      url: 'http://127.0.0.1:9/sse',
    });
    expect(addArgv(input)).toEqual([
      'mcp',
      'add',
      '--scope',
      'user',
      '--transport',
      'sse',
      'ev',
      'http://127.0.0.1:9/sse',
    ]);
  });

  it('keeps a constructor env key as an ordinary pair', () => {
    const input = addServerInputSchema.parse({
      name: 's',
      scope: 'user',
      command: 'node',
      env: JSON.parse('{"constructor":"x"}') as unknown,
    });
    expect(addArgv(input)).toEqual([
      'mcp',
      'add',
      '--scope',
      'user',
      's',
      '-e',
      'constructor=x',
      '--',
      'node',
    ]);
  });
});

describe('removeArgv', () => {
  it('always scopes a remove', () => {
    expect(removeArgv('web', 'local')).toEqual(['mcp', 'remove', '--scope', 'local', 'web']);
  });
});

describe('addJsonArgv', () => {
  it('gives NAME and "-", and the whole entry as JSON on stdin, never in argv', () => {
    const entry = {
      type: 'http',
      url: 'https://e.test/mcp',
      headers: { Authorization: 'Bearer s3cret' },
      oauth: { clientId: 'c' },
      timeout: 5000,
    };
    expect(addJsonArgv('web', 'project', entry)).toEqual({
      argv: ['mcp', 'add-json', '--scope', 'project', 'web', '-'],
      stdin:
        '{"type":"http","url":"https://e.test/mcp","headers":{"Authorization":"Bearer s3cret"},"oauth":{"clientId":"c"},"timeout":5000}',
    });
  });
});
