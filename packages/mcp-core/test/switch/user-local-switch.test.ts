/** Disable and enable of user and local servers: the whole entry kept in MCP Admin's stash meanwhile. */
import { createTestWorld, FAKE_CLAUDE, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addJsonArgv } from '../../src/cli/argv';
import { REDACTED } from '../../src/config';
import { McpCoreError } from '../../src/errors';
import { adminInWorld, storedConfigOf } from '../support/world-admin';

let world: TestWorld;
// Our code is the subject: the fake CLI (core/cli/fake-claude-contract.test.ts) stores what the real one would.
beforeEach(() => {
  world = createTestWorld({ claudeBin: FAKE_CLAUDE });
});
afterEach(() => {
  world.remove();
});

const stashPath = () => join(world.configDir, '.mcp-admin', 'disabled.json');
const stash = () => JSON.parse(readFileSync(stashPath(), 'utf8')) as { version: number; servers: unknown[] };
const anyTime: unknown = expect.any(String);

/** Every field add-json keeps, and secrets in headers and env. */
const WEB = {
  type: 'http',
  url: 'https://example.test/mcp',
  headers: { Authorization: 'Bearer s3cret' },
  headersHelper: '/usr/local/bin/mcp-headers',
  oauth: { clientId: 'mcp-admin', callbackPort: 8765, scopes: 'read' },
  timeout: 20_000,
  alwaysLoad: true,
};
const FILES = { type: 'stdio', command: 'node', args: ['server.js', '--root=/tmp'], env: { API_KEY: 'k3y' } };

function seed(
  scope: 'user' | 'local' | 'project',
  name: string,
  entry: Record<string, unknown>,
  cwd = world.projectDir,
) {
  return runCliAsAnotherTerminal(world, cwd, addJsonArgv(name, scope, entry));
}

describe('disable and enable in user and local scope', () => {
  it('stashes the whole entry (mode 0600) before removing it, lists it as disabled, and adds it back identical', async () => {
    await seed('user', 'web', WEB);
    await seed('local', 'files', FILES, world.nestedDir);
    const before = storedConfigOf(world);
    const admin = adminInWorld(world);

    await expect(admin.disable({ name: 'web', scope: 'user' })).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Removed MCP server web from user config\nFile modified: ${world.configPath}\nIts whole entry is kept in ${stashPath()} until it is enabled.`,
    });
    await expect(
      admin.disable({ name: 'files', scope: 'local', projectPath: world.nestedDir }),
    ).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Removed MCP server files from local config\nFile modified: ${world.configPath} [project: ${world.projectDir}]\nIts whole entry is kept in ${stashPath()} until it is enabled.`,
    });

    expect(storedConfigOf(world).mcpServers).toEqual({});
    expect(storedConfigOf(world).projects?.[world.projectDir]?.mcpServers).toEqual({});
    expect(stash()).toEqual({
      version: 1,
      servers: [
        { scope: 'user', name: 'web', entry: WEB, disabledAt: anyTime },
        { scope: 'local', project: world.projectDir, name: 'files', entry: FILES, disabledAt: anyTime },
      ],
    });
    expect({
      file: statSync(stashPath()).mode & 0o777,
      dir: statSync(join(world.configDir, '.mcp-admin')).mode & 0o777,
      // No temporary file of the atomic writes is left behind.
      files: readdirSync(join(world.configDir, '.mcp-admin')).sort(),
    }).toEqual({ file: 0o600, dir: 0o700, files: ['audit.jsonl', 'disabled.json', 'history.jsonl'] });
    const disabledReason = (name: string) =>
      `"${name}" is turned off in MCP Admin: its whole entry is kept in ${stashPath()} until it is enabled again.`;
    await expect(admin.list()).resolves.toEqual({
      configPath: world.configPath,
      projectPath: world.projectDir,
      servers: [
        {
          name: 'files',
          scope: 'local',
          transport: 'stdio',
          source: stashPath(),
          command: 'node',
          args: FILES.args,
          env: { API_KEY: REDACTED },
          status: 'disabled',
          statusReason: disabledReason('files'),
          disabled: true,
        },
        {
          name: 'web',
          scope: 'user',
          transport: 'http',
          source: stashPath(),
          url: WEB.url,
          headers: { Authorization: REDACTED },
          extra: {
            headersHelper: WEB.headersHelper,
            oauth: WEB.oauth,
            timeout: WEB.timeout,
            alwaysLoad: true,
          },
          status: 'disabled',
          statusReason: disabledReason('web'),
          disabled: true,
        },
      ],
      problems: [],
    });
    // Local scope belongs to its project: another project lists only the user-scope one.
    expect((await admin.list({ projectPath: world.plainDir })).servers.map(({ name }) => name)).toEqual([
      'web',
    ]);

    await expect(admin.enable({ name: 'web', scope: 'user' })).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Added http MCP server web to user config`,
    });
    await expect(
      admin.enable({ name: 'files', scope: 'local', projectPath: world.nestedDir }),
    ).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Added stdio MCP server files to local config`,
    });
    expect(storedConfigOf(world).mcpServers).toEqual(before.mcpServers);
    expect(storedConfigOf(world).projects?.[world.projectDir]?.mcpServers).toEqual(
      before.projects?.[world.projectDir]?.mcpServers,
    );
    expect(stash()).toEqual({ version: 1, servers: [] });
    // The secrets went through the stash and add-json, never into the audit log.
    const audit = readFileSync(join(world.configDir, '.mcp-admin', 'audit.jsonl'), 'utf8');
    expect({
      procedures: audit
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { procedure: string }).procedure),
      secrets: ['s3cret', 'k3y'].filter((secret) => audit.includes(secret)),
    }).toEqual({ procedures: ['mcp.disable', 'mcp.disable', 'mcp.enable', 'mcp.enable'], secrets: [] });
  });

  it('lets the stash go again when the CLI fails to remove, so the server is only where it still is', async () => {
    await seed('user', 'web', WEB);
    const configBytes = readFileSync(world.configPath);
    await expect(adminInWorld(world, '/bin/false').disable({ name: 'web', scope: 'user' })).rejects.toEqual(
      new McpCoreError('CLI_FAILED', 'The Claude CLI failed with exit code 1 and printed nothing.'),
    );
    expect({ config: readFileSync(world.configPath).equals(configBytes), stash: stash() }).toEqual({
      config: true,
      stash: { version: 1, servers: [] },
    });
  });

  it('refuses to enable over a server of the same name added since, or to disable that one, with CHANGED_SINCE, and keeps the disabled one', async () => {
    await seed('user', 'web', WEB);
    const admin = adminInWorld(world);
    await admin.disable({ name: 'web', scope: 'user' });
    await seed('user', 'web', { type: 'http', url: 'https://other.test/mcp' });
    const configBytes = readFileSync(world.configPath);

    await expect(admin.enable({ name: 'web', scope: 'user' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `A user-scope server "web" was added to ${world.configPath} since this one was disabled; the disabled entry stays in ${stashPath()}. Remove that server to enable this one.`,
      ),
    );
    // Disabling the new one would overwrite the disabled one in the stash.
    await expect(admin.disable({ name: 'web', scope: 'user' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `${stashPath()} already keeps a different disabled user-scope "web", which disabling this one would replace; remove this one to enable that one.`,
      ),
    );
    expect({ config: readFileSync(world.configPath).equals(configBytes), stash: stash().servers }).toEqual({
      config: true,
      stash: [{ scope: 'user', name: 'web', entry: WEB, disabledAt: anyTime }],
    });
  });

  it('lists a stashed server that is stored identically again once, as on (an enable finishing, or cut off)', async () => {
    await seed('user', 'web', WEB);
    mkdirSync(join(world.configDir, '.mcp-admin'), { mode: 0o700 });
    const changed = { ...WEB, url: 'https://other.test/mcp' };
    writeFileSync(
      stashPath(),
      JSON.stringify({
        version: 1,
        servers: [{ scope: 'user', name: 'web', entry: WEB, disabledAt: '2026-01-01T00:00:00.000Z' }],
      }),
    );
    const admin = adminInWorld(world);
    const listed = async () => (await admin.list()).servers.map(({ name, status }) => ({ name, status }));
    await expect(listed()).resolves.toEqual([{ name: 'web', status: 'active' }]);

    // A different entry of the same name is another server: both are listed.
    await runCliAsAnotherTerminal(world, world.projectDir, ['mcp', 'remove', '--scope', 'user', 'web']);
    await seed('user', 'web', changed);
    await expect(listed()).resolves.toEqual([
      { name: 'web', status: 'active' },
      { name: 'web', status: 'disabled' },
    ]);
  });

  it('settles the stash on start: a server stored identically again is dropped from it, the others stay', async () => {
    await seed('user', 'web', WEB);
    mkdirSync(join(world.configDir, '.mcp-admin'), { mode: 0o700 });
    const kept = { scope: 'user', name: 'files', entry: FILES, disabledAt: '2026-01-01T00:00:00.000Z' };
    writeFileSync(
      stashPath(),
      JSON.stringify({
        version: 1,
        servers: [{ scope: 'user', name: 'web', entry: WEB, disabledAt: '2026-01-01T00:00:00.000Z' }, kept],
      }),
    );
    const warnings: string[] = [];
    const admin = adminInWorld(world, undefined, undefined, {
      logWarning: (message) => warnings.push(message),
    });
    await admin.settleDisabled();

    const listed = (await admin.list()).servers.map(({ name, status }) => ({ name, status }));
    expect({ listed, stash: stash().servers, warnings }).toEqual({
      listed: [
        { name: 'files', status: 'disabled' },
        { name: 'web', status: 'active' },
      ],
      stash: [kept],
      warnings: [
        `user-scope "web" was both in ${world.configPath} and in ${stashPath()} (a change was cut off): it stays on and is no longer kept as disabled.`,
      ],
    });
  });
});
