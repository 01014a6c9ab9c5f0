/** `mcp.add` against the real CLI: what is stored for each scope, and what is refused or not confirmed. */
import { createTestWorld, FAKE_CLAUDE } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { REDACTED, findStoredEntries } from '../../../src/config';
import { McpCoreError } from '../../../src/errors';
import type { AddServerInput } from '../../../src/schemas';
import { adminInWorld, storedConfigOf, type AdminArgs } from '../../support/world-admin';

let world: TestWorld;
beforeEach(() => {
  world = createTestWorld();
});
afterEach(() => {
  world.remove();
});

function adminFor(...args: AdminArgs) {
  return adminInWorld(world, ...args);
}

function storedConfig() {
  return storedConfigOf(world);
}

function storedEntries(name: string, projectPath = world.projectDir) {
  return findStoredEntries({ configPath: world.configPath, projectPath, name });
}

/** The verdict on a user-scope entry nothing stops. */
const activeUser = (name: string) => ({
  status: 'active',
  statusReason: `"${name}" is in mcpServers of ${world.configPath}.`,
});

/** The verdict on a local-scope entry of the world's repository that nothing stops. */
const activeLocal = (name: string) => ({
  status: 'active',
  statusReason: `"${name}" is in projects[${JSON.stringify(world.projectDir)}].mcpServers of ${world.configPath}.`,
});

const pending = (name: string) => ({
  approval: 'pending',
  status: 'pending',
  statusReason: `"${name}" is in no enabledMcpjsonServers or disabledMcpjsonServers of the settings files: run claude in the project to approve it.`,
});

describe('add', () => {
  it('stores a stdio server in user scope exactly as asked', async () => {
    const admin = adminFor();
    const input: AddServerInput = {
      name: 'files',
      scope: 'user',
      command: 'npx',
      args: ['-y', '@scope/server', '--root=/tmp', ''],
      env: { API_KEY: 's3cret', constructor: 'c', prototype: 'p' },
    };
    await expect(admin.add(input)).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Added stdio MCP server files to user config`,
    });
    const entry = { type: 'stdio', command: 'npx', args: input.args, env: input.env };
    expect(storedConfig().mcpServers).toEqual({ files: entry });
    await expect(storedEntries('files')).resolves.toEqual([
      { scope: 'user', source: world.configPath, entry },
    ]);
    await expect(admin.list({ reveal: true })).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.projectDir,
      servers: [
        {
          name: 'files',
          scope: 'user',
          transport: 'stdio',
          source: world.configPath,
          command: 'npx',
          args: input.args,
          env: input.env,
          ...activeUser('files'),
        },
      ],
      problems: [],
    });
  });

  it('answers missingEnv with the ${VAR} references the environment does not set (not those it sets or that have a default), and none when every one is set', async () => {
    // Claude Code is not the subject: what the answer says is read from the entry and the environment.
    const admin = adminFor(FAKE_CLAUDE, { SET_TOKEN: 'x' });
    const answer = await admin.add({
      name: 'weather',
      scope: 'user',
      command: 'npx',
      args: ['--db', '${DB_PATH}', '${LEVEL:-info}'],
      env: { OWM_API_KEY: '${OWM_API_KEY}', TOKEN: '${SET_TOKEN}' },
    });
    expect(answer.missingEnv).toEqual(['DB_PATH', 'OWM_API_KEY']);
    const plain = await admin.add({
      name: 'plain',
      scope: 'user',
      command: 'node',
      env: { T: '${SET_TOKEN}' },
    });
    expect(plain).not.toHaveProperty('missingEnv');
  });

  it('stores an http server with a header in user scope', async () => {
    const admin = adminFor();
    await expect(
      admin.add({
        name: 'web',
        scope: 'user',
        url: 'https://example.test/mcp',
        headers: { Authorization: 'Bearer -x' },
      }),
    ).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Added http MCP server web to user config`,
    });
    const entry = { type: 'http', url: 'https://example.test/mcp', headers: { Authorization: 'Bearer -x' } };
    await expect(storedEntries('web')).resolves.toEqual([{ scope: 'user', source: world.configPath, entry }]);
    await expect(admin.list()).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.projectDir,
      servers: [
        {
          name: 'web',
          scope: 'user',
          transport: 'http',
          auth: 'signed-out',
          source: world.configPath,
          url: 'https://example.test/mcp',
          headers: { Authorization: REDACTED },
          ...activeUser('web'),
        },
      ],
      problems: [],
    });
  });

  it('stores local scope from sub/deeper under the git root of the project', async () => {
    const admin = adminFor();
    const stdio: AddServerInput = {
      name: 'files',
      scope: 'local',
      command: 'node',
      args: ['--inspect', 'server.js'],
      projectPath: world.nestedDir,
    };
    const sse: AddServerInput = {
      name: 'events',
      scope: 'local',
      transport: 'sse',
      url: 'http://127.0.0.1:9/sse',
      projectPath: world.nestedDir,
    };
    await expect(admin.add(stdio)).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Added stdio MCP server files to local config`,
    });
    await expect(admin.add(sse)).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Added sse MCP server events to local config`,
    });
    const files = { type: 'stdio', command: 'node', args: ['--inspect', 'server.js'], env: {} };
    const events = { type: 'sse', url: 'http://127.0.0.1:9/sse' };
    expect(Object.keys(storedConfig().projects ?? {})).toEqual([world.projectDir]);
    expect(storedConfig().projects?.[world.projectDir]?.mcpServers).toEqual({ files, events });
    await expect(storedEntries('events', world.nestedDir)).resolves.toEqual([
      { scope: 'local', source: world.configPath, entry: events },
    ]);
    await expect(admin.list({ projectPath: world.nestedDir })).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.nestedDir,
      servers: [
        {
          name: 'events',
          scope: 'local',
          transport: 'sse',
          auth: 'signed-out',
          source: world.configPath,
          url: 'http://127.0.0.1:9/sse',
          ...activeLocal('events'),
        },
        {
          name: 'files',
          scope: 'local',
          transport: 'stdio',
          source: world.configPath,
          command: 'node',
          args: ['--inspect', 'server.js'],
          env: {},
          ...activeLocal('files'),
        },
      ],
      problems: [],
    });
    await expect(admin.projects()).resolves.toEqual([
      { path: world.projectDir, localCount: 2, hasMcpJson: false },
    ]);
  });

  it("stores project scope in the project dir's own .mcp.json", async () => {
    const admin = adminFor();
    await expect(
      admin.add({
        name: 'files',
        scope: 'project',
        command: 'node',
        args: ['server.js'],
        env: { LEVEL: '-1' },
      }),
    ).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Added stdio MCP server files to project config`,
    });
    await expect(
      admin.add({
        name: 'web',
        scope: 'project',
        url: 'https://example.test/mcp',
        headers: { 'X-Api-Key': 'k: v' },
        projectPath: world.nestedDir,
      }),
    ).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Added http MCP server web to project config`,
    });
    const files = { type: 'stdio', command: 'node', args: ['server.js'], env: { LEVEL: '-1' } };
    const web = { type: 'http', url: 'https://example.test/mcp', headers: { 'X-Api-Key': 'k: v' } };
    expect(JSON.parse(readFileSync(join(world.projectDir, '.mcp.json'), 'utf8'))).toEqual({
      mcpServers: { files },
    });
    expect(JSON.parse(readFileSync(join(world.nestedDir, '.mcp.json'), 'utf8'))).toEqual({
      mcpServers: { web },
    });
    await expect(storedEntries('web', world.nestedDir)).resolves.toEqual([
      { scope: 'project', source: join(world.nestedDir, '.mcp.json'), entry: web },
    ]);
    await expect(admin.list({ projectPath: world.nestedDir, reveal: true })).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.nestedDir,
      servers: [
        {
          name: 'files',
          scope: 'project',
          transport: 'stdio',
          source: join(world.projectDir, '.mcp.json'),
          command: 'node',
          args: ['server.js'],
          env: { LEVEL: '-1' },
          ...pending('files'),
        },
        {
          name: 'web',
          scope: 'project',
          transport: 'http',
          auth: 'signed-out',
          source: join(world.nestedDir, '.mcp.json'),
          url: web.url,
          headers: web.headers,
          ...pending('web'),
        },
      ],
      problems: [],
    });
  });

  it('refuses a __proto__ env key, which the CLI would silently drop, before any spawn', async () => {
    const admin = adminFor();
    const env = JSON.parse('{"__proto__":"x","KEPT":"y"}') as Record<string, string>;
    await expect(admin.add({ name: 'proto', scope: 'user', command: 'node', env })).rejects.toBeInstanceOf(
      ZodError,
    );
    expect(existsSync(world.configPath)).toBe(false);
  });

  it("refuses a duplicate with the CLI's own message and leaves the first one", async () => {
    const admin = adminFor();
    await admin.add({ name: 'files', scope: 'user', command: 'node' });
    await expect(admin.add({ name: 'files', scope: 'user', command: 'npx' })).rejects.toEqual(
      new McpCoreError('CLI_FAILED', 'MCP server files already exists in user config'),
    );
    await expect(storedEntries('files')).resolves.toEqual([
      {
        scope: 'user',
        source: world.configPath,
        entry: { type: 'stdio', command: 'node', args: [], env: {} },
      },
    ]);
  });
  it('fails verification when the CLI reports success and stores nothing', async () => {
    const admin = adminFor('/bin/true');
    await expect(admin.add({ name: 'files', scope: 'local', command: 'node' })).rejects.toEqual(
      new McpCoreError(
        'VERIFY_FAILED',
        'The CLI reported success, but no server "files" is stored in local scope.',
      ),
    );
  });
});
