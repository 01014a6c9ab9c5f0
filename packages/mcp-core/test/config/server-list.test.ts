/** Reading servers from `.claude.json` and `.mcp.json`: every stored shape normalized, secrets hidden unless revealed. */
import { createTestWorld, worldReadOptions } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configPathFor } from '../../src/config/config-path';
import { REDACTED, findStoredEntries, listServers } from '../../src/config';
import { storedShapesOf, writeConfig } from '../support/stored-config';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

describe('configPathFor', () => {
  it('is .claude.json in CLAUDE_CONFIG_DIR when set, else in the home directory', () => {
    expect(configPathFor('/srv/claude')).toBe('/srv/claude/.claude.json');
    expect(configPathFor(undefined)).toBe(join(homedir(), '.claude.json'));
  });
});

describe('listServers', () => {
  it('lists nothing when .claude.json does not exist', async () => {
    await expect(listServers({ ...worldReadOptions(world), projectPath: world.projectDir })).resolves.toEqual(
      {
        configPath: world.configPath,
        projectPath: world.projectDir,
        servers: [],
        problems: [],
      },
    );
  });

  it('normalizes every stored shape, keeping unknown ones and other fields', async () => {
    writeConfig(world, {
      mcpServers: {
        'a-untyped': { command: 'node', args: ['server.js'], env: { K: 'v' } },
        'b-stdio': { type: 'stdio', command: 'npx' },
        'c-streamable': { type: 'streamable-http', url: 'https://c.example/mcp', headers: { A: '1' } },
        'd-sse': { type: 'sse', url: 'https://d.example/sse' },
        'e-ws': { type: 'ws', url: 'ws://e.example' },
        'f-http-without-url': { type: 'http' },
        'g-without-command': { args: ['x'] },
        'h-string': 'node server.js',
        'i-null': null,
        'j-extra': {
          type: 'http',
          url: 'https://j.example/mcp',
          oauth: { clientId: 'id', callbackPort: 8080 },
          headersHelper: '/usr/local/bin/headers',
          timeout: 30000,
          alwaysLoad: true,
        },
        'k-malformed': { command: 'x', args: '--flag', env: ['K=V'] },
      },
    });
    const user = { scope: 'user', source: world.configPath } as const;

    await expect(storedShapesOf(world, world.plainDir, true)).resolves.toEqual([
      {
        name: 'a-untyped',
        ...user,
        transport: 'stdio',
        command: 'node',
        args: ['server.js'],
        env: { K: 'v' },
      },
      { name: 'b-stdio', ...user, transport: 'stdio', command: 'npx' },
      { name: 'c-streamable', ...user, transport: 'http', url: 'https://c.example/mcp', headers: { A: '1' } },
      { name: 'd-sse', ...user, transport: 'sse', url: 'https://d.example/sse' },
      { name: 'e-ws', ...user, transport: 'unknown', url: 'ws://e.example', extra: { type: 'ws' } },
      { name: 'f-http-without-url', ...user, transport: 'unknown', extra: { type: 'http' } },
      { name: 'g-without-command', ...user, transport: 'unknown', args: ['x'] },
      { name: 'h-string', ...user, transport: 'unknown' },
      { name: 'i-null', ...user, transport: 'unknown' },
      {
        name: 'j-extra',
        ...user,
        transport: 'http',
        url: 'https://j.example/mcp',
        extra: {
          oauth: { clientId: 'id', callbackPort: 8080 },
          headersHelper: '/usr/local/bin/headers',
          timeout: 30000,
          alwaysLoad: true,
        },
      },
      {
        name: 'k-malformed',
        ...user,
        transport: 'stdio',
        command: 'x',
        extra: { args: '--flag', env: ['K=V'] },
      },
    ]);
  });

  it('redacts env and header values, keys kept, unless revealed; a malformed map is in extra either way', async () => {
    const stored = {
      headed: { type: 'http', url: 'https://h.example/mcp', headers: { Authorization: 'Bearer t0k3n' } },
      malformed: { command: 'x', env: 'TOKEN=secret' },
      'not-strings': { type: 'sse', url: 'https://n.example/sse', headers: { A: 1, B: 'b' } },
      stdio: { command: 'node', env: { TOKEN: 'secret', EMPTY: '' } },
    };
    writeConfig(world, { mcpServers: stored });
    const user = { scope: 'user', source: world.configPath } as const;

    await expect(storedShapesOf(world, world.plainDir)).resolves.toEqual([
      {
        name: 'headed',
        ...user,
        transport: 'http',
        url: stored.headed.url,
        headers: { Authorization: REDACTED },
      },
      { name: 'malformed', ...user, transport: 'stdio', command: 'x', extra: { env: REDACTED } },
      {
        name: 'not-strings',
        ...user,
        transport: 'sse',
        url: stored['not-strings'].url,
        extra: { headers: { A: REDACTED, B: REDACTED } },
      },
      {
        name: 'stdio',
        ...user,
        transport: 'stdio',
        command: 'node',
        env: { TOKEN: REDACTED, EMPTY: REDACTED },
      },
    ]);
    await expect(storedShapesOf(world, world.plainDir, true)).resolves.toEqual([
      { name: 'headed', ...user, transport: 'http', url: stored.headed.url, headers: stored.headed.headers },
      { name: 'malformed', ...user, transport: 'stdio', command: 'x', extra: { env: 'TOKEN=secret' } },
      {
        name: 'not-strings',
        ...user,
        transport: 'sse',
        url: stored['not-strings'].url,
        extra: { headers: { A: 1, B: 'b' } },
      },
      { name: 'stdio', ...user, transport: 'stdio', command: 'node', env: stored.stdio.env },
    ]);
    expect(REDACTED).toBe('••••••');
  });

  it('treats __proto__ and constructor as plain names and keys', async () => {
    writeFileSync(
      world.configPath,
      '{"mcpServers": {"__proto__": {"command": "a", "env": {"__proto__": "x"}}, "constructor": {"command": "b"}}}',
    );
    const user = { scope: 'user', source: world.configPath, transport: 'stdio' } as const;

    await expect(storedShapesOf(world, world.plainDir, true)).resolves.toEqual([
      { name: '__proto__', ...user, command: 'a', env: Object.fromEntries([['__proto__', 'x']]) },
      { name: 'constructor', ...user, command: 'b' },
    ]);
    await expect(
      findStoredEntries({ configPath: world.configPath, projectPath: world.plainDir, name: '__proto__' }),
    ).resolves.toEqual([
      {
        scope: 'user',
        source: world.configPath,
        entry: { command: 'a', env: Object.fromEntries([['__proto__', 'x']]) },
      },
    ]);
    expect(({} as Record<string, unknown>).command).toBeUndefined();
  });
});
