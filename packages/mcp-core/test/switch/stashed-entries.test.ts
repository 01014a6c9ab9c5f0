/**
 * A switched-off (stashed) user or local server removed for good or edited where it is kept,
 * `.mcp-admin/disabled.json`, through `mcp.remove` / `mcp.update` with the row's `source` (the
 * stash), recorded in the history with undo; the real CLI is the oracle for what it then adds back.
 */
import { createTestWorld, FAKE_CLAUDE, runCliAsAnotherTerminal } from '@mcp-admin/core/testing';
import type { TestWorld } from '@mcp-admin/core/testing';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addJsonArgv } from '../../src/cli/argv';
import { McpCoreError } from '../../src/errors';
import { cliStatusLine } from '../support/cli-view';
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
interface Stashed {
  scope: string;
  name: string;
  project?: string;
  entry: Record<string, unknown>;
}
const stashed = () => (JSON.parse(readFileSync(stashPath(), 'utf8')) as { servers: Stashed[] }).servers;
const stashedEntries = () => Object.fromEntries(stashed().map((server) => [server.name, server.entry]));

const WEB = {
  type: 'http',
  url: 'https://example.test/mcp',
  headers: { Authorization: 'Bearer s3cret' },
  oauth: { clientId: 'mcp-admin', callbackPort: 8765 },
  timeout: 20_000,
};
const FILES = { type: 'stdio', command: 'node', args: ['server.js'], env: { API_KEY: 'k3y' } };

function seed(scope: 'user' | 'local', name: string, entry: Record<string, unknown>) {
  return runCliAsAnotherTerminal(world, world.projectDir, addJsonArgv(name, scope, entry));
}

describe('a switched-off server changed in the stash', () => {
  it('removes a stashed user server for good: gone from the stash (still 0600), never in .claude.json, recorded, and its undo puts it back switched off', async () => {
    await seed('user', 'web', WEB);
    await seed('user', 'other', FILES);
    const admin = adminInWorld(world);
    await admin.disable({ name: 'web', scope: 'user' });
    await admin.disable({ name: 'other', scope: 'user' });

    await expect(admin.remove({ name: 'web', scope: 'user', source: stashPath() })).resolves.toEqual({
      ok: true,
      changeId: expect.any(String) as unknown,
      message: `Removed the switched-off user-scope server web from ${stashPath()} for good.`,
    });
    expect({
      stash: stashedEntries(),
      mode: statSync(stashPath()).mode & 0o777,
      stored: storedConfigOf(world).mcpServers,
      listed: (await admin.list()).servers.map(({ name, status }) => ({ name, status })),
      cli: await cliStatusLine(world, world.projectDir, 'web'),
    }).toEqual({
      stash: { other: FILES },
      mode: 0o600,
      stored: {},
      listed: [{ name: 'other', status: 'disabled' }],
      cli: 'No MCP server named "web". Run `claude mcp add` to add one.',
    });
    const [removed] = await admin.history();
    expect(removed).toEqual({
      id: expect.any(String) as unknown,
      time: expect.any(String) as unknown,
      procedure: 'mcp.remove',
      name: 'web',
      scope: 'user',
      ok: true,
      message: `Removed the switched-off user-scope server web from ${stashPath()} for good.`,
      undoable: true,
      files: [stashPath()],
    });

    await admin.undo({ id: removed?.id ?? '' });
    expect({ stash: stashedEntries(), stored: storedConfigOf(world).mcpServers }).toEqual({
      stash: { other: FILES, web: WEB },
      stored: {},
    });
    // Put back whole: switching it on adds exactly what was there.
    await admin.enable({ name: 'web', scope: 'user' });
    expect(storedConfigOf(world).mcpServers).toEqual({ web: WEB });
  });

  it('edits a stashed local server in the stash (fields without a box kept, still off), and switching it on adds the edited entry', async () => {
    await seed('local', 'files', FILES);
    const admin = adminInWorld(world);
    await admin.disable({ name: 'files', scope: 'local' });

    await admin.update({
      name: 'files',
      scope: 'local',
      source: stashPath(),
      server: { args: ['server.js', '--verbose'], env: { API_KEY: 'n3w' } },
    });
    const edited = { ...FILES, args: ['server.js', '--verbose'], env: { API_KEY: 'n3w' } };
    expect({
      stash: stashedEntries(),
      local: storedConfigOf(world).projects?.[world.projectDir]?.mcpServers,
      listed: (await admin.list({ reveal: true })).servers.map(({ name, status, args, source }) => ({
        name,
        status,
        args,
        source,
      })),
    }).toEqual({
      stash: { files: edited },
      local: {},
      listed: [{ name: 'files', status: 'disabled', args: ['server.js', '--verbose'], source: stashPath() }],
    });

    await admin.enable({ name: 'files', scope: 'local' });
    expect({
      local: storedConfigOf(world).projects?.[world.projectDir]?.mcpServers,
      cli: await cliStatusLine(world, world.projectDir, 'files'),
      // The CLI has it (and tries to start it: node server.js is no server here).
    }).toEqual({ local: { files: edited }, cli: '✘ Failed to connect' });
  });

  it('renames a stashed server in the stash in one write, and its undo gives back the old name and entry', async () => {
    await seed('user', 'web', WEB);
    const admin = adminInWorld(world);
    await admin.disable({ name: 'web', scope: 'user' });

    await admin.update({
      name: 'web',
      scope: 'user',
      source: stashPath(),
      server: { name: 'notion', url: 'https://notion.test/mcp' },
    });
    expect(stashedEntries()).toEqual({ notion: { ...WEB, url: 'https://notion.test/mcp' } });
    const [edit] = await admin.history();
    expect(edit).toMatchObject({ procedure: 'mcp.update', name: 'notion', ok: true, undoable: true });

    await admin.undo({ id: edit?.id ?? '' });
    expect({ stash: stashedEntries(), stored: storedConfigOf(world).mcpServers }).toEqual({
      stash: { web: WEB },
      stored: {},
    });
  });

  it('refuses with CHANGED_SINCE, naming what changed, to undo a stash edit changed since, and with INVALID_INPUT to move a stashed server to another scope, leaving the stash byte-identical', async () => {
    await seed('user', 'web', WEB);
    const admin = adminInWorld(world);
    await admin.disable({ name: 'web', scope: 'user' });
    await admin.update({
      name: 'web',
      scope: 'user',
      source: stashPath(),
      server: { url: 'https://one.test/mcp' },
    });
    const [edit] = await admin.history();
    await admin.update({
      name: 'web',
      scope: 'user',
      source: stashPath(),
      server: { url: 'https://two.test/mcp' },
    });
    const bytes = readFileSync(stashPath());

    await expect(admin.undo({ id: edit?.id ?? '' })).rejects.toEqual(
      new McpCoreError(
        'CHANGED_SINCE',
        `Cannot undo: "web" in user scope (${stashPath()}) changed since: url changed.`,
      ),
    );
    await expect(
      admin.update({ name: 'web', scope: 'user', source: stashPath(), server: { scope: 'local' } }),
    ).rejects.toEqual(
      new McpCoreError(
        'INVALID_INPUT',
        'server.scope: "web" is switched off; switch it on to move it to another scope',
      ),
    );
    expect(readFileSync(stashPath()).equals(bytes)).toBe(true);
  });

  it('refuses with INVALID_INPUT, nothing written, to remove through the stash a server that is not switched off', async () => {
    await seed('user', 'web', WEB);
    const admin = adminInWorld(world);
    await admin.disable({ name: 'web', scope: 'user' });
    const bytes = readFileSync(stashPath());

    await expect(admin.remove({ name: 'api', scope: 'user', source: stashPath() })).rejects.toEqual(
      new McpCoreError('INVALID_INPUT', `source "${stashPath()}" holds no user-scope server "api"`),
    );
    expect(readFileSync(stashPath()).equals(bytes)).toBe(true);
  });
});
